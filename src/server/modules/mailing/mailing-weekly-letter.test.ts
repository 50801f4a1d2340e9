import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILING_CATEGORY_SLUGS, type MailingState } from '@contract/api/mailing';
import type { WeeklyLetterPreview } from '@contract/api/admin';
import { adminAudit, children, mailingDeliveries } from '../../db/schema/index';
import { HOME_ACTIVITIES } from '../../db/seed/data/home-activities';
import { typo } from '../../db/seed/data/typography';
import { bearer } from '../../testing/accounts';
import { DAY, learningWorld, type Family } from '../../testing/learning';
import { mailingKit, type SentMail } from '../../testing/mailing';
import { staffSession } from '../../testing/staff';
import { deliverBatch } from './deliver';
import { TICK_MS } from './reminders';
import { queueWeeklyLetters, sundayEveningSomewhere } from './weekly-letter';

// Tuesday 24 November 2026, 12:00 in Moscow; the letters of Sunday the 29th are the first.
const world = learningWorld('2026-11-24T09:00:00Z');
const { outbox, runJobs, parent, categoryId, regionId } = mailingKit(world);

const localTime = (timeZone: string, at = world.time.clock()) =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

/** Moves the clock to `iso` (later than now). */
function moveTo(iso: string): void {
  world.time.advance(new Date(iso).getTime() - world.time.clock().getTime());
}

/** Moves the clock to the next Sunday, 14:00 UTC (17:00 in Moscow: the letters' hour is next). */
function toNextSunday(): void {
  const now = world.time.clock();
  const days = (7 - now.getUTCDay()) % 7 || 7;
  moveTo(
    new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 14),
    ).toISOString(),
  );
}

/**
 * Runs the school's scan every TICK_MS for `hours`, as the mailing tick does, and says at what local time
 * of its zone each watched family's letter was queued.
 */
async function ticks(
  hours: number,
  watched: { userId: number; zone: string }[],
): Promise<Record<number, string[]>> {
  const queued: Record<number, string[]> = {};
  for (const w of watched) queued[w.userId] = [];
  for (let t = 0; t < (hours * 3_600_000) / TICK_MS; t += 1) {
    world.time.advance(TICK_MS);
    const before = await Promise.all(watched.map((w) => lettersFor(w.userId)));
    await queueWeeklyLetters(world.db, world.time.clock());
    for (const [i, w] of watched.entries()) {
      if ((await lettersFor(w.userId)) > (before[i] ?? 0)) {
        queued[w.userId]?.push(localTime(w.zone));
      }
    }
  }
  return queued;
}

async function lettersFor(userId: number): Promise<number> {
  const weekly = await categoryId(MAILING_CATEGORY_SLUGS.weeklyLetter);
  const rows = await world.db
    .select({ id: mailingDeliveries.id })
    .from(mailingDeliveries)
    .where(and(eq(mailingDeliveries.userId, userId), eq(mailingDeliveries.categoryId, weekly)));
  return rows.length;
}

const weeklyMails = async (email: string): Promise<SentMail[]> =>
  (await outbox(email)).filter((m) => m.headers['List-Unsubscribe-Post'] !== undefined);

/** A second child, added as a family with a bought place would (the place itself is not this file's). */
async function addChild(f: Family, name: string, birthDate: string): Promise<number> {
  const [row] = await world.db
    .insert(children)
    .values({
      userId: f.userId,
      name,
      birthDate,
      ageGroup: 'six-seven',
      createdAt: world.time.clock(),
    })
    .returning({ id: children.id });
  if (!row) throw new Error('the child was not inserted');
  return row.id;
}

/** Reports a lesson watched by `childId` up to `seconds`, 12 seconds of real time per report. */
async function watch(f: Family, childId: number, code: string, seconds: number): Promise<void> {
  const lessonId = await world.lessonId(code);
  for (let played = Math.min(12, seconds); played <= seconds; played += 12) {
    world.time.advance(12_000);
    const res = await world.post(f.token, '/api/profile/achievements/video', {
      child_id: childId,
      lesson_id: lessonId,
      position_seconds: played,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const activity = (slug: 'four-five' | 'six-seven', week: number) =>
  typo(HOME_ACTIVITIES[slug][week - 1] ?? '');

describe('the weekly letter', () => {
  it('tells a family of two children what each watched, where each is, what comes next and what to do at home', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    const petya = await addChild(family, 'Петя', '2020-03-01');
    // Маша: one lesson to the end, another half way; Петя: nothing this week.
    await watch(family, family.childId, 'four-five-w1-l1', 12);
    await watch(family, family.childId, 'four-five-w1-l2', 6);

    moveTo('2026-11-29T12:00:00Z');
    const queued = await ticks(4, [{ userId: family.userId, zone: 'Europe/Moscow' }]);
    expect(queued[family.userId]).toEqual(['вс 18:00']);
    await runJobs();
    expect(localTime('Europe/Moscow')).toBe('вс 19:00');
    const [mail, ...more] = await weeklyMails(family.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Неделя в Школе Умняшек: Маша и Петя');
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const [masha = '', petyaPart = ''] = (mail?.text ?? '').split('ПЕТЯ');
    expect(masha).toContain('МАША');
    expect(masha).toMatch(/Посмотрено: 2\sурока \(до конца\s— 1\), 1\sминута/);
    expect(masha).toMatch(/Программа: неделя\s1 из\s4/);
    expect(masha).toMatch(
      /Дальше: неделя\s2, «Цифры\sот\s1\sдо\s5»: «Цифры\sот\s1\sдо\s5\.\sЗнакомимся»/,
    );
    expect(masha).toContain(`Чем заняться вместе дома: ${activity('four-five', 1)}`);
    expect(petyaPart).toContain('Посмотрено: на этой неделе\u00a0— ни одного урока');
    expect(petyaPart).toMatch(/Программа: неделя\s1 из\s4/);
    expect(petyaPart).toContain(`Чем заняться вместе дома: ${activity('six-seven', 1)}`);
    expect(mail?.html).toContain('Петя');

    // One click in the mail program (RFC 8058) leaves this category, and only it.
    const target = /<([^>]+\/unsubscribe\?token=[^>]+)>/.exec(
      mail?.headers['List-Unsubscribe'] ?? '',
    );
    const url = new URL(target?.[1] ?? 'http://invalid/');
    const left = await world.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);
    const state = await world.get(family.token, '/api/profile/unsubscribe-for-mailing');
    const categories = state.json<{ data: MailingState }>().data.categories;
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.subscribed]))).toMatchObject({
      weekly_letter: false,
      lesson_reminders: true,
    });
    await world.post(family.token, '/api/profile/child/delete', { id: petya });
  });

  it('leaves at 18:00 on Sunday by each family’s own clock: Vladivostok and Kaliningrad', async () => {
    const east = await parent({ consent: false });
    await world.post(east.token, '/api/profile/update', { region_id: await regionId('RU-PRI') });
    const west = await parent({ consent: false });
    await world.post(west.token, '/api/profile/update', { region_id: await regionId('RU-KGD') });
    // From Saturday noon in Moscow to Monday 03:00: the whole of Sunday in both zones.
    moveTo('2026-12-05T09:00:00Z');
    const start = world.time.clock().getTime();
    const queued = await ticks(39, [
      { userId: east.userId, zone: 'Asia/Vladivostok' },
      { userId: west.userId, zone: 'Europe/Kaliningrad' },
    ]);
    expect(world.time.clock().getTime() - start).toBe(39 * 3_600_000);
    expect(queued[east.userId]).toEqual(['вс 18:00']);
    expect(queued[west.userId]).toEqual(['вс 18:00']);
    const at = async (userId: number) => {
      const [row] = await world.db
        .select({ createdAt: mailingDeliveries.createdAt })
        .from(mailingDeliveries)
        .where(
          and(
            eq(mailingDeliveries.userId, userId),
            eq(mailingDeliveries.categoryId, await categoryId(MAILING_CATEGORY_SLUGS.weeklyLetter)),
          ),
        );
      return row?.createdAt.toISOString();
    };
    expect(await at(east.userId)).toBe('2026-12-06T08:00:00.000Z');
    expect(await at(west.userId)).toBe('2026-12-06T16:00:00.000Z');
  });

  it('sends a quiet family one kind nudge, not a second in a row, and the letter again once it watches', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    const sunday = async () => {
      toNextSunday();
      await ticks(2, []);
      await runJobs();
      return weeklyMails(family.email);
    };

    const first = await sunday();
    expect(first.map((m) => m.subject)).toEqual(['Уроки ждут вас в Школе Умняшек']);
    expect(first[0]?.text).toMatch(/На этой неделе уроков не было\s— так бывает\. Маша:/);

    expect(await sunday()).toHaveLength(1);
    const [skipped] = await world.db
      .select({ status: mailingDeliveries.status, note: mailingDeliveries.note })
      .from(mailingDeliveries)
      .where(
        and(eq(mailingDeliveries.userId, family.userId), eq(mailingDeliveries.status, 'skipped')),
      );
    expect(skipped).toEqual({ status: 'skipped', note: 'still_quiet' });

    world.time.advance(DAY);
    await watch(family, family.childId, 'four-five-w3-l1', 12);
    const third = await sunday();
    // The outbox lists the newest first.
    expect(third.map((m) => m.subject)).toEqual([
      'Неделя в Школе Умняшек: Маша',
      'Уроки ждут вас в Школе Умняшек',
    ]);
    expect(third[0]?.text).toMatch(/Программа: неделя\s3 из\s4/);
  });

  it('counts a family east of Moscow by its own week: Sunday night’s lesson is not next week’s', async () => {
    const family = await parent({ consent: false });
    await world.buySubscription(family, 60);
    await world.post(family.token, '/api/profile/update', { region_id: await regionId('RU-NVS') });
    // Sunday 13 December, 18:00 in Novosibirsk: the letter; then Маша watches at 19:00 there.
    moveTo('2026-12-13T10:30:00Z');
    await ticks(1, []);
    await runJobs();
    const quietFirst = await weeklyMails(family.email);
    expect(quietFirst.map((m) => m.subject)).toEqual(['Уроки ждут вас в Школе Умняшек']);
    moveTo('2026-12-13T12:00:00Z');
    await watch(family, family.childId, 'four-five-w1-l1', 12);
    // The next Sunday's week began on Monday 00:00 in Novosibirsk: nothing was watched in it. The
    // lesson of Sunday night was the week before's, though it was Sunday afternoon in Moscow.
    moveTo('2026-12-20T10:30:00Z');
    await ticks(1, []);
    await runJobs();
    const mails = await weeklyMails(family.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Уроки ждут вас в Школе Умняшек',
      'Уроки ждут вас в Школе Умняшек',
    ]);
  });

  it('scans the families only on Sunday evening somewhere in Russia', () => {
    const at = (iso: string) => sundayEveningSomewhere(new Date(iso));
    expect(at('2026-12-16T15:00:00Z')).toBe(false); // Wednesday
    expect(at('2026-12-20T05:59:00Z')).toBe(false); // Kamchatka 17:59
    expect(at('2026-12-20T06:00:00Z')).toBe(true); // Kamchatka 18:00
    expect(at('2026-12-20T15:00:00Z')).toBe(true); // Moscow 18:00
    expect(at('2026-12-20T18:59:00Z')).toBe(true); // Kaliningrad 20:59
    expect(at('2026-12-20T19:00:00Z')).toBe(false); // Kaliningrad 21:00
  });

  it('never tells of a child deleted after the letter was queued', async () => {
    const family = await parent({ consent: false });
    const petya = await addChild(family, 'Петя', '2020-03-01');
    await watch(family, petya, 'six-seven-w1-l1', 12);
    toNextSunday();
    await ticks(2, []);
    expect(await lettersFor(family.userId)).toBe(1);
    const gone = await world.post(family.token, '/api/profile/child/delete', { id: petya });
    expect(gone.statusCode, gone.body).toBe(200);
    await runJobs();
    const [mail] = await weeklyMails(family.email);
    // Маша watched nothing: with Петя gone the week was quiet, so the family hears the nudge.
    expect(mail?.subject).toBe('Уроки ждут вас в Школе Умняшек');
    expect(mail?.text).not.toContain('Петя');
  });

  // On PostgreSQL (CI) these really run side by side; the embedded database takes them one at a time.
  it('two instances scanning and sending at once queue one letter and send it once', async () => {
    const family = await parent({ consent: false });
    toNextSunday();
    world.time.advance(60 * 60_000);
    expect(localTime('Europe/Moscow')).toBe('вс 18:00');
    const now = world.time.clock();
    await Promise.all([queueWeeklyLetters(world.db, now), queueWeeklyLetters(world.db, now)]);
    expect(await lettersFor(family.userId)).toBe(1);
    const sender = {
      db: world.db,
      config: world.config,
      clock: world.time.clock,
      logger: world.app.log,
    };
    await Promise.all([deliverBatch(sender), deliverBatch(sender), deliverBatch(sender)]);
    expect(await weeklyMails(family.email)).toHaveLength(1);
  });

  it('is not queued for a family that left its category', async () => {
    const family = await parent({ consent: false });
    const res = await world.post(family.token, '/api/profile/unsubscribe-for-mailing', {
      categories: [await categoryId(MAILING_CATEGORY_SLUGS.weeklyLetter)],
    });
    expect(res.statusCode, res.body).toBe(200);
    world.time.advance(7 * DAY);
    await ticks(24 * 7, []);
    expect(await lettersFor(family.userId)).toBe(0);
  });
});

describe('the weekly letter in the back office', () => {
  const staff = (role: 'admin' | 'support' | 'editor') =>
    staffSession({ db: world.db, clock: world.time.clock }, role);
  const digest = async (token: string, id: number, method: 'GET' | 'POST') =>
    world.app.inject({ method, url: `/api/admin/families/${id}/digest`, headers: bearer(token) });

  it('previews the family’s letter and sends it now, audited', async () => {
    const family = await parent({ consent: false });
    await watch(family, family.childId, 'four-five-w1-l1', 12);
    const support = await staff('support');
    const preview = await digest(support, family.userId, 'GET');
    expect(preview.statusCode, preview.body).toBe(200);
    const { data } = preview.json<{ data: WeeklyLetterPreview }>();
    expect(data.kind).toBe('letter');
    expect(data.reason).toBeNull();
    expect(data.mail?.subject).toBe('Неделя в Школе Умняшек: Маша');
    expect(data.mail?.html).toContain(activity('four-five', 1).slice(0, 30));

    const sent = await digest(support, family.userId, 'POST');
    expect(sent.statusCode, sent.body).toBe(202);
    await runJobs();
    const mails = await weeklyMails(family.email);
    expect(mails.map((m) => m.subject)).toEqual(['Неделя в Школе Умняшек: Маша']);
    const audit = await world.db
      .select({ action: adminAudit.action })
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, 'users'), eq(adminAudit.recordId, String(family.userId))));
    expect(audit).toEqual([{ action: 'weekly-letter' }]);
  });

  it('says why a family gets no letter, and refuses to send one with the code', async () => {
    const family = await parent({ consent: false });
    await world.post(family.token, '/api/profile/child/delete', { id: family.childId });
    const admin = await staff('admin');
    const preview = await digest(admin, family.userId, 'GET');
    expect(preview.json<{ data: WeeklyLetterPreview }>().data).toEqual({
      kind: null,
      reason: 'В семье нет детей\u00a0— писать не о ком.',
      mail: null,
    });
    const refused = await digest(admin, family.userId, 'POST');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'weekly_letter_unavailable',
      message: 'В семье нет детей\u00a0— писать не о ком.',
    });
    expect(await lettersFor(family.userId)).toBe(0);

    const editor = await staff('editor');
    expect((await digest(editor, family.userId, 'GET')).statusCode).toBe(403);
    expect((await digest(admin, 2_000_000_000, 'GET')).statusCode).toBe(404);
  });
});
