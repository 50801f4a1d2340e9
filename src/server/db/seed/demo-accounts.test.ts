import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, loadConfig } from '../../config';
import { verifyPassword } from '../../shared/passwords';
import { NO_CONTENT, PRODUCTION_ENV } from '../../testing/fixtures';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { sessions, users } from '../schema/index';
import { DemoAccountsError, lockDemoAccounts, refuseDemoAccounts } from './demo-accounts';
import { DEMO_PARENT, seedDatabase } from './seed';

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

const production = (env: Record<string, string> = {}) => loadConfig({ ...PRODUCTION_ENV, ...env });

async function passwordHashOf(email: string): Promise<string | null | undefined> {
  const [row] = await database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email));
  return row?.hash;
}

describe('demo accounts in a production database', () => {
  it('refuses a production start while the demo parent and administrator keep their demo passwords', async () => {
    await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
    // The production seed adds its own administrator and leaves the demo's accounts alone.
    await seedDatabase({ db: database.db, config: production(), content: NO_CONTENT });

    const refusal = await refuseDemoAccounts(database.db).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DemoAccountsError);
    expect((refusal as DemoAccountsError).emails.sort()).toEqual(
      [DEMO.adminEmail, DEMO_PARENT.email].sort(),
    );
    expect((refusal as Error).message).toContain('npm run db:lock-demo-accounts');
  });

  it('catches an administrator of a custom ADMIN_EMAIL that kept the demo password', async () => {
    await seedDatabase({
      db: database.db,
      config: testConfig({ ADMIN_EMAIL: 'head@umnyashki.ru' }),
      content: NO_CONTENT,
    });
    await seedDatabase({ db: database.db, config: production(), content: NO_CONTENT });
    const refusal = await refuseDemoAccounts(database.db).catch((e: unknown) => e);
    expect((refusal as DemoAccountsError).emails).toContain('head@umnyashki.ru');
  });

  it('lets production start after the lock: demo passwords gone, sessions ended, ADMIN_PASSWORD set', async () => {
    const config = production({ ADMIN_EMAIL: DEMO.adminEmail });
    await seedDatabase({ db: database.db, config: testConfig(), content: NO_CONTENT });
    const [parent] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_PARENT.email));
    if (!parent) throw new Error('the demo seed writes the demo parent');
    await database.db.insert(sessions).values({
      userId: parent.id,
      tokenHash: 'demo-session',
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const locked = await lockDemoAccounts(database.db, config);
    expect(locked.sort()).toEqual([DEMO.adminEmail, DEMO_PARENT.email].sort());
    await expect(refuseDemoAccounts(database.db)).resolves.toBeUndefined();

    expect(await passwordHashOf(DEMO_PARENT.email)).toBeNull();
    const adminHash = await passwordHashOf(DEMO.adminEmail);
    expect(await verifyPassword(adminHash ?? null, config.admin.password)).toBe(true);
    expect(await database.db.select().from(sessions)).toEqual([]);
    // A second run finds nothing to do.
    expect(await lockDemoAccounts(database.db, config)).toEqual([]);
  });

  it('starts a production database that never was a demo', async () => {
    await seedDatabase({ db: database.db, config: production(), content: NO_CONTENT });
    await expect(refuseDemoAccounts(database.db)).resolves.toBeUndefined();
  });
});
