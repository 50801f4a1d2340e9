import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  instructions,
  lessons,
  mailingCategories,
  mailingChoices,
  pages,
  users,
} from '../schema/index';
import { testConfig } from '../../testing/test-app';
import { NO_CONTENT, PRODUCTION_ENV } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { defaultSeedContent } from './default-content';
import { instructions as seededInstructions } from './data/instructions';
import { DEMO_PARENT, seedDatabase, tariffCode } from './seed';
import type { Database } from '../client';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

beforeEach(async () => {
  await database.reset();
});

afterAll(async () => {
  await database.close();
});

/** Every row of every table, to compare the database before and after. */
async function snapshot(db: Database) {
  const { rows: tables } = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const out: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    const { rows } = (await db.execute(
      sql.raw(`select * from "${tablename}" order by 1`),
    )) as unknown as { rows: unknown[] };
    out[tablename] = rows;
  }
  return out;
}

describe('seedDatabase', () => {
  it('gives every region a time zone the database knows, so the reminder scan can read its clock', async () => {
    await seedDatabase({ db: database.db, config: testConfig(), content: defaultSeedContent });
    const { rows } = (await database.db.execute(
      sql`select r.code, r.time_zone from regions r
        where not exists (select 1 from pg_timezone_names z where z.name = r.time_zone)`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
    const { rows: zones } = (await database.db.execute(
      sql`select count(distinct time_zone)::int as n from regions`,
    )) as unknown as { rows: { n: number }[] };
    expect(zones[0]?.n).toBeGreaterThanOrEqual(11);
  });

  it('writes the reference data, demo content and accounts on first run', async () => {
    const { inserted } = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: defaultSeedContent,
    });
    expect(inserted).toMatchObject({
      regions: 89,
      age_groups: 5,
      landing_contents: 2,
      pages: defaultSeedContent.pages.length,
      instructions: defaultSeedContent.instructions.length,
      tariffs: defaultSeedContent.tariffs.length,
      additional_programs: 4,
      additional_program_offers: 12,
      // Every age group: 4 weeks × 3 lessons; every additional program: 3 lessons.
      main_programs: 5,
      program_weeks: 20,
      lessons: 5 * 4 * 3 + 4 * 3,
      users: 2,
    });
  });

  it('changes nothing when run again', async () => {
    const config = testConfig();
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    const before = await snapshot(database.db);
    const { inserted } = await seedDatabase({
      db: database.db,
      config,
      content: defaultSeedContent,
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(Object.values(inserted).every((n) => n === 0)).toBe(true);
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('keeps a parent who left every mailing out of a category added later, and only that parent', async () => {
    const config = testConfig();
    const earlier = defaultSeedContent.mailingCategories.filter((c) => c.slug !== 'weekly_letter');
    await seedDatabase({
      db: database.db,
      config,
      content: { ...defaultSeedContent, mailingCategories: earlier },
    });
    const [left, stayed] = await database.db
      .insert(users)
      .values([{ email: 'left-all@example.ru' }, { email: 'stayed@example.ru' }])
      .returning({ id: users.id });
    const categories = await database.db.select().from(mailingCategories);
    await database.db.insert(mailingChoices).values(
      categories.map((c) => ({
        userId: left?.id ?? 0,
        categoryId: c.id,
        subscribed: false,
        source: 'profile' as const,
      })),
    );

    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    const [weekly] = await database.db
      .select({ id: mailingCategories.id })
      .from(mailingCategories)
      .where(eq(mailingCategories.slug, 'weekly_letter'));
    const choices = await database.db
      .select({ userId: mailingChoices.userId, subscribed: mailingChoices.subscribed })
      .from(mailingChoices)
      .where(eq(mailingChoices.categoryId, weekly?.id ?? 0));
    expect(choices).toEqual([{ userId: left?.id, subscribed: false }]);
    expect(choices.map((c) => c.userId)).not.toContain(stayed?.id);
  });

  it('keeps what an administrator edited', async () => {
    const config = testConfig();
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    await database.db.execute(sql`update pages set title = 'Изменено' where slug = 'faq'`);
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    const { rows } = (await database.db.execute(
      sql`select title from pages where slug = 'faq'`,
    )) as unknown as { rows: { title: string }[] };
    expect(rows[0]?.title).toBe('Изменено');
  });

  it('creates no demo parent in production, only the configured administrator', async () => {
    const config = loadConfig({
      ...PRODUCTION_ENV,
      ADMIN_EMAIL: 'Head@Umnyashki.ru',
      ADMIN_PASSWORD: 'a-long-admin-password',
      SUPPORT_EMAIL: 'help@umnyashki.ru',
    });
    await seedDatabase({ db: database.db, config, content: NO_CONTENT });
    const rows = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(rows).toEqual([{ email: 'head@umnyashki.ru', role: 'admin' }]);
    expect(rows.map((r) => r.email)).not.toContain(DEMO_PARENT.email);
  });

  it('gives every tariff a distinct code', () => {
    const codes = defaultSeedContent.tariffs.map(tariffCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('subscription-trial-7d-1c');
    expect(codes).toContain('subscription-6m-2c');
  });
});

describe('pages seeded by an earlier release', () => {
  const first = {
    slug: 'faq',
    title: 'Частые вопросы',
    version: '1',
    body_html: '<p>Старый ответ</p>',
  };
  const md5 = createHash('md5').update(first.body_html).digest('hex');
  const current = {
    slug: 'faq',
    title: 'Частые вопросы',
    version: '2',
    body_html: '<p>Новый ответ, честный</p>',
    replaces: [md5],
  };
  const stored = async () =>
    (
      await database.db
        .select({ body: pages.bodyHtml, version: pages.version })
        .from(pages)
        .where(eq(pages.slug, 'faq'))
    )[0];

  it('get the current wording when nobody edited them since', async () => {
    await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, pages: [first] },
    });
    const { inserted } = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, pages: [current] },
    });
    expect(inserted.pages_updated).toBe(1);
    expect(await stored()).toEqual({ body: current.body_html, version: '2' });
    // A second run finds nothing more to bring up to date.
    const again = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, pages: [current] },
    });
    expect(again.inserted.pages_updated).toBe(0);
  });

  it('keep an administrator’s edit', async () => {
    await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, pages: [first] },
    });
    await database.db
      .update(pages)
      .set({ bodyHtml: '<p>Ответ, который поправил администратор</p>' })
      .where(eq(pages.slug, 'faq'));
    const { inserted } = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, pages: [current] },
    });
    expect(inserted.pages_updated).toBe(0);
    expect(await stored()).toEqual({
      body: '<p>Ответ, который поправил администратор</p>',
      version: '1',
    });
  });
});

describe('demo lessons seeded by an earlier release on a shared 12-second clip', () => {
  const lessonOf = async (code: string) =>
    (
      await database.db
        .select({
          video: lessons.videoKey,
          poster: lessons.posterKey,
          seconds: lessons.durationSeconds,
        })
        .from(lessons)
        .where(eq(lessons.code, code))
    )[0];

  it('move to their own media, and an edited one stays', async () => {
    const config = testConfig();
    await seedDatabase({ db: database.db, config, content: defaultSeedContent });
    const old = {
      videoKey: 'demo/red-circle.webm',
      posterKey: 'demo/red-circle.jpg',
      durationSeconds: 12,
    };
    await database.db.update(lessons).set(old).where(eq(lessons.code, 'two-three-w1-l1'));
    await database.db
      .update(lessons)
      .set({ ...old, durationSeconds: 640 })
      .where(eq(lessons.code, 'two-three-w1-l2'));

    const { inserted } = await seedDatabase({
      db: database.db,
      config,
      content: defaultSeedContent,
    });
    expect(inserted.lessons_updated).toBe(1);
    expect(await lessonOf('two-three-w1-l1')).toEqual({
      video: 'demo/two-three-w1-l1.webm',
      poster: 'demo/two-three-w1-l1.jpg',
      seconds: 600,
    });
    // Its length was changed by hand: someone edited it, so it is left alone.
    expect(await lessonOf('two-three-w1-l2')).toMatchObject({ video: 'demo/red-circle.webm' });
  });
});

describe('the «Как добавить ребёнка» instruction seeded by an earlier release', () => {
  const current = seededInstructions.find((i) => i.slug === 'add-child');
  // The first wording, as it was seeded: its MD5 is the one the current instruction replaces.
  const first = {
    slug: 'add-child',
    title: 'Как добавить ребёнка',
    position: 1,
    body_html: '<p>Нажмите «Сохранить». Места докупаются в разделе «Тарифы».</p>',
  };
  const md5 = createHash('md5').update(first.body_html).digest('hex');
  const stored = async () =>
    (
      await database.db
        .select({ body: instructions.bodyHtml })
        .from(instructions)
        .where(eq(instructions.slug, 'add-child'))
    )[0]?.body;

  it('gets the current wording when nobody edited it, and keeps an administrator’s edit', async () => {
    if (!current) throw new Error('no add-child instruction in the seed');
    const now = { ...current, replaces: [md5] };
    await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, instructions: [first] },
    });
    const { inserted } = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, instructions: [now] },
    });
    expect(inserted.instructions_updated).toBe(1);
    expect(await stored()).toBe(current.body_html);

    const edit = '<p>Инструкция, которую поправил редактор</p>';
    await database.db
      .update(instructions)
      .set({ bodyHtml: edit })
      .where(eq(instructions.slug, 'add-child'));
    const again = await seedDatabase({
      db: database.db,
      config: testConfig(),
      content: { ...NO_CONTENT, instructions: [now] },
    });
    expect(again.inserted.instructions_updated).toBe(0);
    expect(await stored()).toBe(edit);
  });
});
