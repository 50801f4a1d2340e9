// Families the suites call as: a parent with a password, one child with lesson statistics, VK and Facebook
// links and a session. Every case gets new ones, so a call that erases (logout, deleteChildren, account
// deletion) cannot spoil the cases after it, whatever the order.
import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  children,
  consents,
  familyCaregivers,
  lessonStats,
  oauthStates,
  sessions,
  socialAccounts,
  userTokens,
  users,
  type UserRole,
} from '../db/schema/index';
import type { Clock } from '../deps';
import { createSession } from '../modules/auth/service';
import { hashPassword } from '../shared/passwords';

/** Every family's password: argon2 is slow on purpose, so it is hashed once per file. */
export const FAMILY_PASSWORD = 'Umnyashki-matrix-2026';
let passwordHash: Promise<string> | undefined;

export interface Family {
  id: number;
  role: UserRole;
  email: string;
  /** A bearer token of a session of its own. */
  token: string;
  /** Random letters: finding them in someone else's answer is a leak. */
  surname: string;
  child: { id: number; name: string } | null;
  vkId: string;
  fbId: string;
}

export interface FixtureDeps {
  db: Database;
  clock: Clock;
}

const LETTERS = 'абвгдежзиклмнопрстуфхцчшэюя';

/** A word of random Cyrillic letters, capitalised: valid as a name and unique enough to search for. */
export function randomWord(length = 10): string {
  const word = Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export async function createFamily(
  { db, clock }: FixtureDeps,
  options: { role?: UserRole; withChild?: boolean } = {},
): Promise<Family> {
  passwordHash ??= hashPassword(FAMILY_PASSWORD);
  const role = options.role ?? 'parent';
  const surname = randomWord();
  const [user] = await db
    .insert(users)
    .values({
      email: `family-${randomBytes(6).toString('hex')}@example.ru`,
      passwordHash: await passwordHash,
      name: 'Родитель',
      surname,
      role,
    })
    .returning();
  if (!user) throw new Error('the family was not inserted');

  let child: Family['child'] = null;
  if (options.withChild ?? true) {
    const name = randomWord();
    const [row] = await db
      .insert(children)
      .values({ userId: user.id, name, birthDate: '2021-06-15', ageGroup: 'four-five' })
      .returning({ id: children.id });
    if (!row) throw new Error('the child was not inserted');
    await db
      .insert(lessonStats)
      .values({ childId: row.id, lessonKey: 'intro', watchedSeconds: 90 });
    child = { id: row.id, name };
  }

  const vkId = `vk${randomInt(1e9)}`;
  const fbId = String(randomInt(1e12, 2 ** 47));
  await db.insert(socialAccounts).values([
    { userId: user.id, provider: 'vk', providerUserId: vkId, name: 'Родитель ВК' },
    { userId: user.id, provider: 'fb', providerUserId: fbId, name: 'Родитель ФБ' },
  ]);

  return {
    id: user.id,
    role,
    email: user.email,
    // Staff call as the back office signs them in: a staff session.
    token: await createSession({ db, clock, userId: user.id, staff: role !== 'parent' }),
    surname,
    child,
    vkId,
    fbId,
  };
}

/** A grown-up `owner` invited into its family, who accepted: an account of its own without children. */
export async function createCaregiver(deps: FixtureDeps, owner: Family): Promise<Family> {
  const caregiver = await createFamily(deps, { withChild: false });
  await deps.db.insert(familyCaregivers).values({
    ownerId: owner.id,
    email: caregiver.email,
    expiresAt: deps.clock(),
    caregiverId: caregiver.id,
    acceptedAt: deps.clock(),
  });
  return caregiver;
}

/**
 * Everything the database holds of a family that another caller must not be able to change: its row,
 * children and their statistics, links, sessions, one-time codes, consents, sign-ins in flight.
 * Mail links (email_tokens) are left out on purpose: anyone may ask for a reset mail to any address.
 */
export async function familySnapshot(db: Database, userId: number): Promise<unknown> {
  const kids = await db
    .select()
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(children.id);
  const childIds = kids.map((c) => c.id);
  const rows = {
    user: await db.select().from(users).where(eq(users.id, userId)),
    children: kids,
    lessonStats:
      childIds.length === 0
        ? []
        : await db
            .select()
            .from(lessonStats)
            .where(inArray(lessonStats.childId, childIds))
            .orderBy(lessonStats.id),
    socialAccounts: await db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId))
      .orderBy(socialAccounts.id),
    sessions: await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sessions.id),
    userTokens: await db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, userId))
      .orderBy(userTokens.id),
    consents: await db
      .select()
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(consents.id),
    oauthStates: await db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.userId, userId))
      .orderBy(oauthStates.id),
    caregivers: await db
      .select()
      .from(familyCaregivers)
      .where(eq(familyCaregivers.ownerId, userId))
      .orderBy(familyCaregivers.id),
  };
  // Dates become strings, so a difference reads plainly in the assertion.
  return JSON.parse(JSON.stringify(rows)) as unknown;
}
