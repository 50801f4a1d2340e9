// Who receives which mailing. A parent's own choice for a category wins; without one, a category that is
// advertising (requires_consent) is received exactly while the parent's mailing consent stands (38-FZ: no
// advertising without prior consent), and lesson reminders are received by default.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { MAILING_CONSENT } from '@contract/api/auth';
import type { MailingState } from '@contract/api/mailing';
import type { Database } from '../../db/client';
import {
  consents,
  mailingCategories,
  mailingChoices,
  users,
  type MailingChoiceSource,
} from '../../db/schema/index';
import { invalidField } from '../../plugins/errors';
import type { RequestOrigin } from '../auth';

const MAX_USER_AGENT = 512;

export const UNKNOWN_CATEGORY = 'Такой рассылки нет';

/** Whether the mailing consent of the user in `userId` stands: an SQL condition for one query. */
const consentStands = (userId: SQL | number): SQL =>
  sql`exists (select 1 from ${consents} where ${consents.userId} = ${userId}
    and ${consents.kind} = 'mailing' and ${consents.withdrawnAt} is null)`;

/**
 * The SQL condition "user `userColumn` receives category `categoryId`": the sender and the campaign's
 * recipient list use it, so the rule is written once.
 */
export function receivesCategory(userColumn: SQL | typeof users.id, categoryId: number): SQL {
  return sql`coalesce(
    (select ${mailingChoices.subscribed} from ${mailingChoices}
      where ${mailingChoices.userId} = ${userColumn} and ${mailingChoices.categoryId} = ${categoryId}),
    (select case when ${mailingCategories.requiresConsent} then ${consentStands(sql`${userColumn}`)}
      else true end from ${mailingCategories} where ${mailingCategories.id} = ${categoryId})
  )`;
}

/**
 * Whether a mail link may switch these categories on: a link proves only that its holder has the letter
 * (it may have been forwarded), so it may take back its own category and join service mail, but giving
 * advertising consent is for the signed-in parent.
 */
export async function linkMaySubscribe(
  db: Database,
  linkCategoryId: number,
  categoryIds: readonly number[],
): Promise<boolean> {
  const rows = await db
    .select({ id: mailingCategories.id, requiresConsent: mailingCategories.requiresConsent })
    .from(mailingCategories);
  const advertising = new Set(rows.filter((r) => r.requiresConsent).map((r) => r.id));
  return categoryIds.every((id) => id === linkCategoryId || !advertising.has(id));
}

export async function listCategories(db: Database) {
  return db
    .select({
      id: mailingCategories.id,
      slug: mailingCategories.slug,
      title: mailingCategories.title,
      description: mailingCategories.description,
    })
    .from(mailingCategories)
    .orderBy(asc(mailingCategories.position), asc(mailingCategories.id));
}

/** Masks an address for a page anyone holding the link can open: «an***@mail.ru». */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = [...email.slice(0, at)];
  return `${local.slice(0, Math.min(2, local.length - 1)).join('')}***${email.slice(at)}`;
}

export async function mailingStateOf(
  db: Database,
  userId: number,
  link: { categoryId: number } | null,
): Promise<MailingState> {
  const [user] = await db
    .select({ email: users.email, consent: sql<boolean>`${consentStands(userId)}` })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db
    .select({
      id: mailingCategories.id,
      slug: mailingCategories.slug,
      title: mailingCategories.title,
      description: mailingCategories.description,
      requiresConsent: mailingCategories.requiresConsent,
      choice: mailingChoices.subscribed,
    })
    .from(mailingCategories)
    .leftJoin(
      mailingChoices,
      and(eq(mailingChoices.categoryId, mailingCategories.id), eq(mailingChoices.userId, userId)),
    )
    .orderBy(asc(mailingCategories.position), asc(mailingCategories.id));
  const consent = Boolean(user?.consent);
  const categories = rows.map(({ choice, requiresConsent, ...category }) => ({
    ...category,
    subscribed: choice ?? (requiresConsent ? consent : true),
    requires_consent: requiresConsent,
  }));
  const email = user?.email ?? '';
  return {
    email: link ? maskEmail(email) : email,
    categories,
    link_category_id: link?.categoryId ?? null,
    unsubscribed_from_all: categories.every((c) => !c.subscribed),
  };
}

interface ChoiceInput {
  userId: number;
  categoryIds: readonly number[];
  subscribed: boolean;
  source: MailingChoiceSource;
  origin: RequestOrigin;
  now: Date;
}

/** Records the parent's choice for some categories; choosing advertising records the consent it needs. */
export async function chooseCategories(db: Database, input: ChoiceInput): Promise<void> {
  const ids = [...new Set(input.categoryIds)];
  await db.transaction(async (tx) => {
    const known = await tx
      .select({ id: mailingCategories.id, requiresConsent: mailingCategories.requiresConsent })
      .from(mailingCategories);
    const byId = new Map(known.map((c) => [c.id, c]));
    if (ids.some((id) => !byId.has(id))) throw invalidField('categories', UNKNOWN_CATEGORY);

    await tx
      .insert(mailingChoices)
      .values(
        ids.map((categoryId) => ({
          userId: input.userId,
          categoryId,
          subscribed: input.subscribed,
          source: input.source,
          changedAt: input.now,
        })),
      )
      .onConflictDoUpdate({
        target: [mailingChoices.userId, mailingChoices.categoryId],
        set: {
          subscribed: input.subscribed,
          source: input.source,
          changedAt: input.now,
        },
      });
    const advertising = ids.some((id) => byId.get(id)?.requiresConsent);
    if (input.subscribed && advertising && (await giveMailingConsent(tx, input))) {
      // A consent given now for one category must not switch on the others the parent never chose.
      const others = known.filter((c) => c.requiresConsent && !ids.includes(c.id));
      if (others.length > 0) {
        await tx
          .insert(mailingChoices)
          .values(
            others.map((c) => ({
              userId: input.userId,
              categoryId: c.id,
              subscribed: false,
              source: input.source,
              changedAt: input.now,
            })),
          )
          .onConflictDoNothing();
      }
    }
  });
}

/** Records the mailing consent unless it stands; true when it was given just now. */
async function giveMailingConsent(db: Database, input: ChoiceInput): Promise<boolean> {
  const [standing] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, input.userId),
        eq(consents.kind, 'mailing'),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1);
  if (standing) return false;
  await db.insert(consents).values({
    userId: input.userId,
    kind: 'mailing',
    documentSlug: MAILING_CONSENT.slug,
    documentVersion: MAILING_CONSENT.version,
    ip: input.origin.ip,
    userAgent: input.origin.userAgent.slice(0, MAX_USER_AGENT),
    givenAt: input.now,
  });
  return true;
}

/** Every category at once: leaving all withdraws the mailing consent too; coming back gives it again. */
export async function chooseAll(
  db: Database,
  input: Omit<ChoiceInput, 'categoryIds'>,
): Promise<void> {
  const all = await db.select({ id: mailingCategories.id }).from(mailingCategories);
  if (all.length === 0) return;
  await db.transaction(async (tx) => {
    await chooseCategories(tx, { ...input, categoryIds: all.map((c) => c.id) });
    if (!input.subscribed) {
      await tx
        .update(consents)
        .set({ withdrawnAt: input.now })
        .where(
          and(
            eq(consents.userId, input.userId),
            eq(consents.kind, 'mailing'),
            isNull(consents.withdrawnAt),
          ),
        );
    }
  });
}
