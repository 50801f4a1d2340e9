import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILING_CATEGORY_SLUGS, type MailingState } from '@contract/api/mailing';
import { children, mailingDeliveries } from '../../db/schema/index';
import { DAY, learningWorld } from '../../testing/learning';
import { mailingKit } from '../../testing/mailing';
import { bearer } from '../../testing/accounts';
import { enqueue } from '../../jobs/queue';
import { MAILING_TICK_JOB, queueLessonReminders, TICK_MS } from './reminders';

const world = learningWorld();
const { outbox, runJobs, categoryId, parent, regionId } = mailingKit(world);

/** The clock's time of day in `timeZone`, as «18:15». */
const localTime = (timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    world.time.clock(),
  );

/**
 * Runs the school's scan every TICK_MS for `hours`, as its job does, and says at what local times of
 * `timeZone` a scan queued `userId`'s reminders.
 */
async function ticks(userId: number, timeZone: string, hours: number): Promise<string[]> {
  const sent: string[] = [];
  for (let t = 0; t < (hours * 3_600_000) / TICK_MS; t += 1) {
    world.time.advance(TICK_MS);
    const before = await lettersFor(userId);
    await queueLessonReminders(world.db, world.time.clock());
    if ((await lettersFor(userId)) > before) sent.push(localTime(timeZone));
  }
  return sent;
}

/** The reminders queued to go to `userId` (weeks written down as skipped are not letters). */
async function lettersFor(userId: number): Promise<number> {
  const rows = await world.db
    .select({ id: mailingDeliveries.id })
    .from(mailingDeliveries)
    .where(and(eq(mailingDeliveries.userId, userId), ne(mailingDeliveries.status, 'skipped')));
  return rows.length;
}

const weekLetters = async (email: string) =>
  (await outbox(email)).filter((mail) => mail.subject.includes('неделя'));

describe('lesson reminders', () => {
  it('mails the parent once, at the family’s hour after the next week opens', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    expect(await queueLessonReminders(world.db, world.time.clock())).toBe(0);

    // The week opens at 12:00 Moscow time; the family's hour, 18:00 unless it picks another, comes later.
    world.time.advance(7 * DAY);
    expect(localTime('Europe/Moscow')).toBe('12:00');
    expect(await ticks(family.userId, 'Europe/Moscow', 24)).toEqual(['18:00']);
    await runJobs();
    const mails = await weekLetters(family.email);
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

    world.time.advance(7 * DAY);
    await ticks(off.userId, 'Europe/Moscow', 24);
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
    world.time.advance(7 * DAY);
    await ticks(family.userId, 'Europe/Moscow', 24);
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
    world.time.advance(7 * DAY);
    expect(await ticks(family.userId, 'Europe/Moscow', 24)).toEqual([]);
    await runJobs();
    expect(await outbox(family.email)).toHaveLength(0);
  });

  it('keeps the hour a family in Vladivostok picked by its own clock, and a missed one the next day', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    const saved = await world.post(family.token, '/api/profile/update', {
      region_id: await regionId('RU-PRI'),
      reminder_hour: 9,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: { reminder_hour: number; time_zone: string } }>().data).toMatchObject(
      {
        reminder_hour: 9,
        time_zone: 'Asia/Vladivostok',
      },
    );
    world.time.advance(7 * DAY);
    expect(await ticks(family.userId, 'Asia/Vladivostok', 24)).toEqual(['09:00']);

    // The next week's 9 o'clock passes with the school down: the letter comes at 9 the day after.
    const next = await parent({ consent: false });
    await world.buySubscription(next, 60);
    await world.post(next.token, '/api/profile/update', {
      region_id: await regionId('RU-PRI'),
      reminder_hour: 9,
    });
    world.time.advance(7 * DAY);
    while (localTime('Asia/Vladivostok') !== '10:00') world.time.advance(TICK_MS);
    expect(await ticks(next.userId, 'Asia/Vladivostok', 24)).toEqual(['09:00']);
  });

  it('holds a reminder the sender could not send before 21:00 until the family’s morning', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    await world.post(family.token, '/api/profile/update', { reminder_hour: 20 });
    world.time.advance(7 * DAY);
    expect(await ticks(family.userId, 'Europe/Moscow', 24)).toEqual(['20:00']);
    // Queued at 20:00; the sender, busy (a long campaign) or down, comes to it after nine.
    while (localTime('Europe/Moscow') !== '21:00') world.time.advance(TICK_MS);
    await runJobs();
    expect(await weekLetters(family.email)).toHaveLength(0);
    while (localTime('Europe/Moscow') !== '07:45') world.time.advance(TICK_MS);
    await enqueue(world.db, MAILING_TICK_JOB, {});
    await runJobs();
    expect(await weekLetters(family.email)).toHaveLength(0);
    // The morning's scan wakes the sender.
    world.time.advance(TICK_MS);
    await enqueue(world.db, MAILING_TICK_JOB, {});
    await runJobs();
    expect(await weekLetters(family.email)).toHaveLength(1);
  });

  it('refuses an hour at night, changing nothing', async () => {
    const family = await parent({ consent: false });
    for (const hour of [21, 7, 8.5, '18']) {
      const res = await world.post(family.token, '/api/profile/update', { reminder_hour: hour });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: { reminder_hour: string[] } }>().errors.reminder_hour).toEqual([
        'Выберите час с 8:00 до 20:00',
      ]);
    }
    const shown = await world.app.inject({
      url: '/api/profile/show',
      headers: bearer(family.token),
    });
    expect(shown.json<{ data: { reminder_hour: number } }>().data.reminder_hour).toBe(18);
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
