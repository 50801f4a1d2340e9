import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILING_CATEGORY_SLUGS } from '@contract/api/mailing';
import { mailingCampaigns, mailingDeliveries } from '../../db/schema/index';
import { learningWorld } from '../../testing/learning';
import { mailingKit, type SentMail } from '../../testing/mailing';
import { startCampaign, cancelCampaign, campaignCounts } from './campaigns';
import { deliverBatch } from './deliver';

const world = learningWorld();
const { outbox, deps, runJobs, categoryId, parent } = mailingKit(world);

async function campaign(slug: string, body = 'Первый абзац.\n\nВторой абзац.'): Promise<number> {
  const [row] = await world.db
    .insert(mailingCampaigns)
    .values({
      categoryId: await categoryId(slug),
      subject: 'Новые уроки про зиму',
      body,
      buttonLabel: 'Смотреть',
      buttonUrl: 'https://school.example/programs',
    })
    .returning({ id: mailingCampaigns.id });
  if (!row) throw new Error('no campaign');
  return row.id;
}

const tokenOf = (mail: SentMail | undefined) => {
  const link = mail?.links.find((l) => l.includes('/unsubscribe?token='));
  if (!link) throw new Error('no unsubscribe link');
  return new URL(link).searchParams.get('token') ?? '';
};

describe('campaigns', () => {
  it('mails every parent who receives the category, with one-click unsubscribe, and logs each', async () => {
    const reader = await parent({ consent: true });
    const noConsent = await parent({ consent: false });
    const left = await parent({ consent: true });
    await world.post(left.token, '/api/profile/unsubscribe-for-mailing', {
      categories: [await categoryId(MAILING_CATEGORY_SLUGS.news)],
    });
    const unconfirmed = await world.family();

    const id = await campaign(MAILING_CATEGORY_SLUGS.news);
    const { recipients } = await startCampaign(world.db, id, world.time.clock());
    const rows = await world.db
      .select({ userId: mailingDeliveries.userId })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.campaignId, id));
    const who = rows.map((r) => r.userId);
    expect(who).toContain(reader.userId);
    expect(who).not.toContain(noConsent.userId);
    expect(who).not.toContain(left.userId);
    expect(who).not.toContain(unconfirmed.userId);
    expect(recipients).toBe(rows.length);

    await runJobs();
    const [mail] = await outbox(reader.email);
    expect(mail?.subject).toBe('Новые уроки про зиму');
    expect(mail?.text).toContain('Первый абзац.');
    expect(mail?.text).toContain('Второй абзац.');
    expect(mail?.text).toContain('Отписаться от этой рассылки');
    const token = tokenOf(mail);
    expect(mail?.headers['List-Unsubscribe']).toBe(
      `<${world.config.publicUrl}/unsubscribe?token=${token}>`,
    );
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await outbox(noConsent.email)).toHaveLength(0);

    const [log] = await world.db
      .select()
      .from(mailingDeliveries)
      .where(
        and(eq(mailingDeliveries.campaignId, id), eq(mailingDeliveries.userId, reader.userId)),
      );
    expect(log?.status).toBe('sent');
    expect(log?.tokenHash).not.toContain(token);
    const [done] = await world.db
      .select({ status: mailingCampaigns.status })
      .from(mailingCampaigns)
      .where(eq(mailingCampaigns.id, id));
    expect(done?.status).toBe('sent');
    expect((await campaignCounts(world.db, id)).sent).toBe(recipients);

    // Started twice: nothing more.
    await expect(startCampaign(world.db, id, world.time.clock())).rejects.toThrow(/уже/);
  });

  it('sends at the configured steady rate: one batch per interval', async () => {
    for (let i = 0; i < 3; i += 1) await parent({ consent: true });
    const id = await campaign(MAILING_CATEGORY_SLUGS.tips);
    const { recipients } = await startCampaign(world.db, id, world.time.clock());
    expect(recipients).toBeGreaterThanOrEqual(3);
    const slow = {
      ...deps(),
      config: { ...world.config, mail: { ...world.config.mail, ratePerMinute: 6 } },
    };
    const first = await deliverBatch({ ...slow, logger: world.app.log });
    expect(first.sent).toBe(1);
    expect(first.more).toBe(true);
    expect((await campaignCounts(world.db, id)).pending).toBe(recipients - 1);
    await cancelCampaign(world.db, id, world.time.clock());
    const counts = await campaignCounts(world.db, id);
    expect(counts).toMatchObject({ sent: 1, pending: 0, skipped: recipients - 1 });
  });

  it('skips a parent who left the category after the campaign started', async () => {
    const family = await parent({ consent: true });
    const id = await campaign(MAILING_CATEGORY_SLUGS.offers);
    await startCampaign(world.db, id, world.time.clock());
    await world.post(family.token, '/api/profile/unsubscribe-from-all', { value: true });
    await runJobs();
    expect(await outbox(family.email)).toHaveLength(0);
    const [log] = await world.db
      .select({ status: mailingDeliveries.status, note: mailingDeliveries.note })
      .from(mailingDeliveries)
      .where(
        and(eq(mailingDeliveries.campaignId, id), eq(mailingDeliveries.userId, family.userId)),
      );
    expect(log).toEqual({ status: 'skipped', note: 'unsubscribed' });
  });
});

describe('the sender when the mail server is away', () => {
  it('counts a real try, lets the rest of the batch go and pauses; the letters leave later', async () => {
    for (let i = 0; i < 2; i += 1) await parent({ consent: true });
    const id = await campaign(MAILING_CATEGORY_SLUGS.news);
    await startCampaign(world.db, id, world.time.clock());
    const down = {
      ...deps(),
      logger: world.app.log,
      config: { ...world.config, mail: { ...world.config.mail, smtpUrl: 'smtp://127.0.0.1:9' } },
    };
    const failed = await deliverBatch(down);
    expect(failed).toMatchObject({ sent: 0, transportDown: true, more: true });
    const rows = await world.db
      .select({ attempts: mailingDeliveries.attempts, claimedAt: mailingDeliveries.claimedAt })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.campaignId, id));
    expect(rows.map((r) => r.attempts).sort()).toEqual([...Array(rows.length - 1).fill(0), 1]);
    expect(rows.filter((r) => r.claimedAt !== null)).toHaveLength(1);

    // Back up: the untried letters go at once, the tried one after its claim lapses.
    await deliverBatch({ ...deps(), logger: world.app.log });
    expect((await campaignCounts(world.db, id)).pending).toBe(1);
    world.time.advance(6 * 60_000);
    await deliverBatch({ ...deps(), logger: world.app.log });
    expect(await campaignCounts(world.db, id)).toMatchObject({ pending: 0, failed: 0 });
  });
});
