// What the learning calls' tests share: the school's app on a seeded database with a clock they move, and
// families made the way a parent makes one (a session, then a child added through the API).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  additionalPrograms,
  childAdditionalPrograms,
  childWeeks,
  familySubscriptions,
  lessons,
  tariffs,
  users,
} from '../db/schema/index';
import type { SeedContent } from '../db/seed/content';
import type { SeedLesson } from '../db/seed/data/types';
import { defaultSeedContent } from '../db/seed/default-content';
import { seedDatabase } from '../db/seed/seed';
import { localMediaStore } from '../integrations/storage/default-store';
import { manualClock } from './fixtures';
import { createTestApp, testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import { bearer } from './accounts';
import { createSession } from '../modules/auth/service';

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;

export interface Family {
  userId: number;
  token: string;
  childId: number;
}

/**
 * The school's content with every lesson 12 seconds long: a test watches a lesson to the end in a few
 * reports without moving the clock by the minutes a real lesson lasts.
 */
export const LESSON_SECONDS = 12;
const short = (lessons: SeedLesson[]) =>
  lessons.map((l) => ({ ...l, duration_seconds: LESSON_SECONDS }));
const SHORT_LESSONS: SeedContent = {
  ...defaultSeedContent,
  mainPrograms: defaultSeedContent.mainPrograms.map((p) => ({
    ...p,
    weeks: p.weeks.map((w) => ({ ...w, lessons: short(w.lessons) })),
  })),
  additionalLessons: defaultSeedContent.additionalLessons.map((a) => ({
    ...a,
    lessons: short(a.lessons),
  })),
};

export function learningWorld(start = '2026-11-24T09:00:00Z') {
  const time = manualClock(start);
  let database: TestDatabase;
  let app: FastifyInstance;
  let serial = 0;
  const config = testConfig();
  // The app's own store, so a test can put a file (a printable task) where lessons find it.
  const media = localMediaStore(config);

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase({ db: database.db, config, content: SHORT_LESSONS });
    app = await createTestApp({ db: database.db, config, clock: time.clock, media });
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const world = {
    time,
    media,
    config,
    get app() {
      return app;
    },
    get db() {
      return database.db;
    },

    /** A family with one four-year-old child (the «four-five» program), added now. */
    async family(): Promise<Family> {
      const [user] = await database.db
        .insert(users)
        .values({ email: `learning-${(serial += 1)}@example.ru`, name: 'Родитель' })
        .returning();
      if (!user) throw new Error('insert failed');
      const token = await createSession({ db: database.db, clock: time.clock, userId: user.id });
      const res = await app.inject({
        method: 'POST',
        url: '/api/profile/child/store',
        headers: bearer(token),
        payload: { name: 'Маша', birth_date: '2022-06-01' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { userId: user.id, token, childId: res.json<{ data: { id: number } }>().data.id };
    },

    async startTrial(f: Family) {
      const [trial] = await database.db
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(and(eq(tariffs.kind, 'subscription'), eq(tariffs.isFree, true)));
      const res = await app.inject({
        method: 'POST',
        url: '/api/store/subscription/activate',
        headers: bearer(f.token),
        payload: { subscription_id: trial?.id },
      });
      expect(res.statusCode, res.body).toBe(201);
    },

    /** A paid subscription from now for `days` (payments are another module's; the row is what counts). */
    async buySubscription(f: Family, days: number) {
      const [tariff] = await database.db
        .select({ id: tariffs.id })
        .from(tariffs)
        .where(and(eq(tariffs.kind, 'subscription'), eq(tariffs.isFree, false)))
        .limit(1);
      const now = time.clock();
      await database.db.insert(familySubscriptions).values({
        userId: f.userId,
        tariffId: tariff?.id ?? 0,
        source: 'purchase',
        amountChildren: 1,
        startsAt: now,
        endsAt: new Date(now.getTime() + days * DAY),
      });
    },

    async lessonId(code: string): Promise<number> {
      const [row] = await database.db
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.code, code));
      if (!row) throw new Error(`no lesson ${code}`);
      return row.id;
    },

    async weekIdOf(code: string): Promise<number> {
      const [row] = await database.db
        .select({ weekId: lessons.weekId })
        .from(lessons)
        .where(eq(lessons.code, code));
      if (!row?.weekId) throw new Error(`no week of ${code}`);
      return row.weekId;
    },

    async buyWeek(f: Family, lessonCode: string) {
      await database.db
        .insert(childWeeks)
        .values({ childId: f.childId, weekId: await world.weekIdOf(lessonCode) });
    },

    async additionalProgramId(slug: string): Promise<number> {
      const [row] = await database.db
        .select({ id: additionalPrograms.id })
        .from(additionalPrograms)
        .where(eq(additionalPrograms.slug, slug));
      if (!row) throw new Error(`no program ${slug}`);
      return row.id;
    },

    async buyAdditional(f: Family, slug: string) {
      await database.db.insert(childAdditionalPrograms).values({
        childId: f.childId,
        additionalProgramId: await world.additionalProgramId(slug),
      });
    },

    get(token: string | null, url: string, query: Record<string, string | number> = {}) {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return app.inject({ url: `${url}?${search}`, headers: token ? bearer(token) : {} });
    },

    post(token: string | null, url: string, payload: Record<string, unknown>) {
      return app.inject({
        method: 'POST',
        url,
        headers: token ? bearer(token) : {},
        payload,
      });
    },
  };
  return world;
}
