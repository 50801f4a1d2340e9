// Accounts that still sign in with a password published for the demo (README: the demo parent and the
// demo administrator). The seed only writes them in demo mode, but a database first started as a demo and
// later in production keeps them: production start-up refuses to serve while any is left, and
// `npm run db:lock-demo-accounts` takes those passwords away.
import { eq, inArray, or } from 'drizzle-orm';
import { DEMO, type Config } from '../../config';
import { hashPassword, verifyPassword } from '../../shared/passwords';
import type { Database } from '../client';
import { sessions, users } from '../schema/index';
import { DEMO_PARENT } from './seed';

/** Every password the project publishes for its demo. */
const DEMO_PASSWORDS = [DEMO_PARENT.password, DEMO.adminPassword];

export const LOCK_DEMO_ACCOUNTS_COMMAND = 'npm run db:lock-demo-accounts';

export class DemoAccountsError extends Error {
  constructor(readonly emails: string[]) {
    super(
      `Refusing to start in production: ${emails.join(', ')} still sign${emails.length === 1 ? 's' : ''} ` +
        'in with a password published for the demo (this database was first used in demo mode).\n' +
        `Run \`${LOCK_DEMO_ACCOUNTS_COMMAND}\` with this same environment: it removes those passwords ` +
        'and ends their sessions (the accounts and their data stay; the administrator of ADMIN_EMAIL ' +
        'gets ADMIN_PASSWORD), then start again.',
    );
    this.name = 'DemoAccountsError';
  }
}

/**
 * The demo parent and every administrator whose password is one of the demo ones. Administrators are all
 * checked, not only admin@umnyashki.ru: a demo started with its own ADMIN_EMAIL gave it the demo password.
 */
export async function findDemoAccounts(db: Database): Promise<{ id: number; email: string }[]> {
  const candidates = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(users.email, DEMO_PARENT.email), eq(users.role, 'admin')))
    .orderBy(users.id);
  const found: { id: number; email: string }[] = [];
  for (const { id, email, passwordHash } of candidates) {
    if (passwordHash === null) continue;
    for (const password of DEMO_PASSWORDS) {
      if (await verifyPassword(passwordHash, password)) {
        found.push({ id, email });
        break;
      }
    }
  }
  return found;
}

/** Production start-up: throws DemoAccountsError while a demo password still opens an account. */
export async function refuseDemoAccounts(db: Database): Promise<void> {
  const found = await findDemoAccounts(db);
  if (found.length > 0) throw new DemoAccountsError(found.map((a) => a.email));
}

/**
 * Takes the demo passwords away: the configured administrator (ADMIN_EMAIL) gets ADMIN_PASSWORD, every
 * other such account is left without a password (a parent can still set one through «Забыли пароль?»).
 * Their sessions end. Returns the e-mails it changed.
 */
export async function lockDemoAccounts(db: Database, config: Config): Promise<string[]> {
  const found = await findDemoAccounts(db);
  if (found.length === 0) return [];
  const adminHash = found.some((a) => a.email === config.admin.email)
    ? await hashPassword(config.admin.password)
    : null;
  await db.transaction(async (tx) => {
    for (const { id, email } of found) {
      await tx
        .update(users)
        .set({ passwordHash: email === config.admin.email ? adminHash : null })
        .where(eq(users.id, id));
    }
    await tx.delete(sessions).where(
      inArray(
        sessions.userId,
        found.map((a) => a.id),
      ),
    );
  });
  return found.map((a) => a.email);
}
