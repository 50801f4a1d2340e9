import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILING_CATEGORY_SLUGS, type MailingState } from '@contract/api/mailing';
import { consents, mailingCampaigns } from '../../db/schema/index';
import { learningWorld } from '../../testing/learning';
import { mailingKit, type SentMail } from '../../testing/mailing';
import { startCampaign, campaignCounts } from './campaigns';

const world = learningWorld();
const { outbox, runJobs, categoryId, parent } = mailingKit(world);

const stateOf = async (token: string) => {
  const res = await world.get(token, '/api/profile/unsubscribe-for-mailing');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MailingState }>().data;
};
const subscribed = (state: MailingState) =>
  Object.fromEntries(state.categories.map((c) => [c.slug, c.subscribed]));

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

describe('mailing categories and choices in the personal area', () => {
  it('lists the five categories to anyone, service mail first', async () => {
    const res = await world.get(null, '/api/profile/subscribe-categories-list');
    expect(res.statusCode).toBe(200);
    const slugs = res.json<{ data: { slug: string }[] }>().data.map((c) => c.slug);
    expect(slugs).toEqual(['lesson_reminders', 'weekly_letter', 'news', 'tips', 'offers']);
  });

  it('asks a guest to sign in or to come from a mail', async () => {
    const res = await world.get(null, '/api/profile/unsubscribe-for-mailing');
    expect(res.statusCode).toBe(401);
  });

  it('sends advertising only with consent; reminders and the weekly letter by default', async () => {
    const without = await parent({ consent: false });
    expect(subscribed(await stateOf(without.token))).toEqual({
      lesson_reminders: true,
      weekly_letter: true,
      news: false,
      tips: false,
      offers: false,
    });
    const withConsent = await parent({ consent: true });
    const state = await stateOf(withConsent.token);
    expect(state.categories.every((c) => c.subscribed)).toBe(true);
    expect(state.email).toBe(withConsent.email);
    expect(state.link_category_id).toBeNull();
  });

  it('subscribing to news records the consent it needs; leaving one category keeps the others', async () => {
    const family = await parent({ consent: false });
    const news = await categoryId(MAILING_CATEGORY_SLUGS.news);
    const res = await world.post(family.token, '/api/profile/subscribe-for-mailing', {
      categories: [news],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(subscribed(res.json<{ data: MailingState }>().data).news).toBe(true);
    const given = await world.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, family.userId), eq(consents.kind, 'mailing')));
    expect(given).toHaveLength(1);

    const off = await world.post(family.token, '/api/profile/unsubscribe-for-mailing', {
      categories: [await categoryId(MAILING_CATEGORY_SLUGS.lessonReminders)],
    });
    expect(subscribed(off.json<{ data: MailingState }>().data)).toEqual({
      lesson_reminders: false,
      weekly_letter: true,
      news: true,
      tips: false,
      offers: false,
    });
  });

  it('leaves every mailing at once and withdraws the consent; value false brings them back', async () => {
    const family = await parent({ consent: true });
    const all = await world.post(family.token, '/api/profile/unsubscribe-from-all', {
      value: true,
    });
    expect(all.statusCode, all.body).toBe(200);
    const state = all.json<{ data: MailingState }>().data;
    expect(state.unsubscribed_from_all).toBe(true);
    const standing = await world.db
      .select()
      .from(consents)
      .where(
        and(
          eq(consents.userId, family.userId),
          eq(consents.kind, 'mailing'),
          isNull(consents.withdrawnAt),
        ),
      );
    expect(standing).toHaveLength(0);

    const back = await world.post(family.token, '/api/profile/unsubscribe-from-all', {
      value: false,
    });
    expect(back.json<{ data: MailingState }>().data.categories.every((c) => c.subscribed)).toBe(
      true,
    );
  });

  it('refuses an unknown category with a Russian message and changes nothing', async () => {
    const family = await parent({ consent: true });
    const before = await stateOf(family.token);
    const news = await categoryId(MAILING_CATEGORY_SLUGS.news);
    const res = await world.post(family.token, '/api/profile/unsubscribe-for-mailing', {
      categories: [news, 999_999],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.categories).toEqual([
      'Такой рассылки нет',
    ]);
    expect(await stateOf(family.token)).toEqual(before);

    const empty = await world.post(family.token, '/api/profile/unsubscribe-from-all', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ message: string }>().message).toMatch(/[а-я]/);
  });
});

describe('unsubscribing from a mail', () => {
  async function mailedParent() {
    const family = await parent({ consent: true });
    const id = await campaign(MAILING_CATEGORY_SLUGS.news);
    await startCampaign(world.db, id, world.time.clock());
    await runJobs();
    const [mail] = await outbox(family.email);
    return { family, token: tokenOf(mail), campaignId: id };
  }

  it('one-click: a POST without cookies or login answers 200, no redirect, and the category is left', async () => {
    const { family, token, campaignId } = await mailedParent();
    const res = await world.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('отписаны');
    expect(subscribed(await stateOf(family.token))).toMatchObject({ news: false, tips: true });
    expect((await campaignCounts(world.db, campaignId)).unsubscribed).toBe(1);

    const again = await world.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--',
    });
    expect(again.statusCode).toBe(200);
  });

  it('one-click with a token the school never gave: 404 and nothing changes', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/unsubscribe?token=made-up',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(404);
  });

  it('the page from the link: the state by the token header, a hidden address, choices by extra.token', async () => {
    const { family, token } = await mailedParent();
    const res = await world.app.inject({
      url: '/api/profile/unsubscribe-for-mailing',
      headers: { 'x-mailing-token': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<{ data: MailingState }>().data;
    expect(state.link_category_id).toBe(await categoryId(MAILING_CATEGORY_SLUGS.news));
    expect(state.email).not.toBe(family.email);
    expect(state.email).toMatch(/^le\*\*\*@example\.ru$/);

    const off = await world.post(null, '/api/profile/unsubscribe-for-mailing', {
      categories: [await categoryId(MAILING_CATEGORY_SLUGS.news)],
      extra: { token },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(subscribed(await stateOf(family.token)).news).toBe(false);

    const all = await world.post(null, '/api/profile/unsubscribe-from-all', {
      value: true,
      extra: { token },
    });
    expect(all.json<{ data: MailingState }>().data.unsubscribed_from_all).toBe(true);
  });

  it('a link takes back its own category and joins service mail, but gives no advertising consent', async () => {
    const { family, token } = await mailedParent();
    const news = await categoryId(MAILING_CATEGORY_SLUGS.news);
    const offers = await categoryId(MAILING_CATEGORY_SLUGS.offers);
    await world.post(null, '/api/profile/unsubscribe-from-all', { value: true, extra: { token } });

    const foreign = await world.post(null, '/api/profile/subscribe-for-mailing', {
      categories: [offers],
      extra: { token },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ message: string }>().message).toMatch(/личном кабинете/);
    const all = await world.post(null, '/api/profile/unsubscribe-from-all', {
      value: false,
      extra: { token },
    });
    expect(all.statusCode).toBe(403);

    const own = await world.post(null, '/api/profile/subscribe-for-mailing', {
      categories: [news, await categoryId(MAILING_CATEGORY_SLUGS.lessonReminders)],
      extra: { token },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(subscribed(await stateOf(family.token))).toEqual({
      lesson_reminders: true,
      weekly_letter: false,
      news: true,
      tips: false,
      offers: false,
    });
  });

  it('a made-up token is refused with a Russian message', async () => {
    const res = await world.app.inject({
      url: '/api/profile/unsubscribe-for-mailing',
      headers: { 'x-mailing-token': 'made-up' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'mailing_link_invalid',
    });
    const post = await world.post(null, '/api/profile/unsubscribe-from-all', {
      value: true,
      extra: { token: 'made-up' },
    });
    expect(post.statusCode).toBe(404);
  });
});
