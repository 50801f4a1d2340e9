import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@contract/api/auth';
import type { ChildProgress } from '@contract/api/learning';
import type { LessonsPage } from '@contract/api/lessons';
import { manualClock } from '../../testing/fixtures';
import { createTestApp, testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { defaultSeedContent } from './default-content';
import { DEMO_PARENT, seedDatabase } from './seed';
import { seedDemoFamily } from './seed-demo-family';

let database: TestDatabase;
let app: FastifyInstance;
const time = manualClock('2026-11-24T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  await seedDatabase({ db: database.db, config, content: defaultSeedContent, now: time.clock() });
  await seedDemoFamily({ db: database.db, config, now: time.clock() });
  app = await createTestApp({ db: database.db, clock: time.clock });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function demoToken(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO_PARENT.email, password: DEMO_PARENT.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { token: string } }>().data.token;
}

describe('the demo family', () => {
  it('gives the demo parent a child in week 3 with two weeks missed and lessons watched', async () => {
    const token = await demoToken();
    const profile = (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).json<{
      data: Profile;
    }>().data;
    expect(profile.children).toHaveLength(1);
    const [child] = profile.children;
    expect(child).toMatchObject({ name: 'Маша', age_group: 'four-five', avatar: 'bunny' });

    const res = await app.inject({
      url: `/api/profile/lessons?child_id=${child?.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ data: LessonsPage }>().data;
    expect(page.week).toBe(3);
    // Weeks 1 and 2 passed before the subscription began; week 3 is open by the schedule.
    expect(page.weeks.map((w) => w.open)).toEqual([false, false, true, false]);
    expect(page.lessons.map((l) => [l.available, l.progress.completed])).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  it('shows awards that agree with the lessons watched, as the school awards them', async () => {
    const token = await demoToken();
    const profile = (await app.inject({ url: '/api/profile/show', headers: bearer(token) })).json<{
      data: Profile;
    }>().data;
    const res = await app.inject({
      url: `/api/profile/progress?child_id=${profile.children[0]?.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const progress = res.json<{ data: ChildProgress }>().data;
    // Three lessons of the program and the English preview watched to the end, one lesson half-way.
    expect(progress.lessons_completed).toBe(4);
    // 12 + 14 + 6.5 minutes of week 1 and 3 and 10 of English: under the hour of «Час знаний».
    expect(progress.minutes_watched).toBe(54);
    // Watching those lessons earns the first lesson and the first additional one; no week is whole yet
    // and five lessons are not reached.
    expect(progress.achievements.map((a) => a.code)).toEqual(['first-lesson', 'first-additional']);
  });

  it('is written once: a family that exists is left alone', async () => {
    const again = await seedDemoFamily({
      db: database.db,
      config: testConfig(),
      now: time.clock(),
    });
    expect(again.inserted).toBe(0);
  });

  it('is never written outside demo mode', async () => {
    const config = { ...testConfig(), demo: false };
    expect((await seedDemoFamily({ db: database.db, config })).inserted).toBe(0);
  });
});
