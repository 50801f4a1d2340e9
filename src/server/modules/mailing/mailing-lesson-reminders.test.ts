import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILING_CATEGORY_SLUGS, type MailingState } from '@contract/api/mailing';
import { children, mailingDeliveries } from '../../db/schema/index';
import { DAY, learningWorld } from '../../testing/learning';
import { mailingKit } from '../../testing/mailing';
import { bearer } from '../../testing/accounts';
import { queueLessonReminders } from './reminders';

const world = learningWorld();
const { outbox, runJobs, categoryId, parent } = mailingKit(world);

describe('lesson reminders', () => {
  it('mails the parent once when the next week opens, with the child named', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    expect(await queueLessonReminders(world.db, world.time.clock())).toBe(0);

    world.time.advance(7 * DAY + 60 * 60_000);
    expect(await queueLessonReminders(world.db, world.time.clock())).toBeGreaterThanOrEqual(1);
    expect(await queueLessonReminders(world.db, world.time.clock())).toBe(0);
    await runJobs();
    const mails = (await outbox(family.email)).filter((m) => m.subject.includes('неделя'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Маша: открылась неделя 2');
    expect(mails[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('says nothing when the child’s reminder is off or the parent left the category', async () => {
    const off = await parent({ consent: false });
    await world.buySubscription(off, 60);
    await world.db
      .update(children)
      .set({ remindAboutLessons: false })
      .where(eq(children.id, off.childId));
    const left = await parent({ consent: false });
    await world.buySubscription(left, 60);
    await world.post(left.token, '/api/profile/unsubscribe-for-mailing', {
      categories: [await categoryId(MAILING_CATEGORY_SLUGS.lessonReminders)],
    });

    world.time.advance(7 * DAY + 60 * 60_000);
    await queueLessonReminders(world.db, world.time.clock());
    await runJobs();
    expect(await outbox(off.email)).toHaveLength(0);
    expect(await outbox(left.email)).toHaveLength(0);
  });

  it('writes a week without a letter down as skipped, so no scan looks at it again', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    // A second child beyond the one seat of the subscription (added before the seats were counted).
    await world.db.insert(children).values({
      userId: family.userId,
      name: 'Петя',
      birthDate: '2022-03-01',
      ageGroup: 'four-five',
      createdAt: world.time.clock(),
    });
    world.time.advance(7 * DAY + 60 * 60_000);
    await queueLessonReminders(world.db, world.time.clock());
    const rows = await world.db
      .select({ status: mailingDeliveries.status, note: mailingDeliveries.note })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.userId, family.userId));
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect(rows).toContainEqual({ status: 'skipped', note: 'no_seat' });
    expect(await queueLessonReminders(world.db, world.time.clock())).toBe(0);
  });

  it('says nothing once the subscription has ended', async () => {
    const family = await parent({ consent: false });
    await world.startTrial(family);
    world.time.advance(7 * DAY + 60 * 60_000);
    await queueLessonReminders(world.db, world.time.clock());
    await runJobs();
    expect(await outbox(family.email)).toHaveLength(0);
  });

  it('a signed-in parent reads the address in full', async () => {
    const family = await parent({ consent: false });
    const res = await world.app.inject({
      url: '/api/profile/unsubscribe-for-mailing',
      headers: bearer(family.token),
    });
    expect(res.json<{ data: MailingState }>().data.email).toBe(family.email);
  });
});
