// A parent's own invitation link and what it brought (docs/PRODUCT.md «Invite a friend»).
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_DOMAIN } from '@contract/api/oauth-values';
import type { Referral, ReferralState } from '@contract/api/referrals';
import {
  REFERRAL_MAX_PER_YEAR,
  REFERRAL_REWARD_DAYS,
  REFERRAL_TRIAL_DAYS,
} from '@contract/api/values';
import type { Database } from '../../db/client';
import { referralRewards, users } from '../../db/schema/index';
import { inviterOf } from './inviter';
import { samePerson } from './same-person';

/** No 0/o, 1/l/i: a code read aloud or retyped from a photo of a screen still works. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 8;
const LIST_LIMIT = 100;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** The parent's code, made on first request; a clash with another parent's (one in 10¹¹) draws again. */
async function codeOf(db: Database, userId: number): Promise<string> {
  for (;;) {
    const [row] = await db
      .select({ code: users.referralCode })
      .from(users)
      .where(eq(users.id, userId));
    if (row?.code) return row.code;
    const code = newCode();
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.referralCode, code));
    if (taken) continue;
    // Two first requests at once: the second finds the first's code on its next turn.
    await db
      .update(users)
      .set({ referralCode: code })
      .where(and(eq(users.id, userId), isNull(users.referralCode)));
  }
}

/** Said instead of an address for a family that registered through a network that shared none. */
export const NO_ADDRESS = 'вход через соцсеть';

/** The first letters of a part: two of a long one, one of a short one, none of a single letter. */
function start(part: string): string {
  const letters = [...part];
  return letters.slice(0, letters.length >= 5 ? 2 : letters.length >= 2 ? 1 : 0).join('');
}

/** «ol***@ya***.ru»: enough to recognise a friend, never the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  if (email.endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)) return NO_ADDRESS;
  const name = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const zone = dot > 0 ? domain.slice(dot) : '';
  return `${start(name)}***@${start(host)}***${zone}`;
}

export async function referralOf(
  db: Database,
  { userId, publicUrl }: { userId: number; publicUrl: string },
): Promise<Referral> {
  const code = await codeOf(db, userId);
  const cameWith = eq(sql`lower(${users.referrerCode})`, code);
  const rows = await db
    .select({
      email: users.email,
      createdAt: users.createdAt,
      state: referralRewards.state,
      days: referralRewards.days,
    })
    .from(users)
    .leftJoin(
      referralRewards,
      and(eq(referralRewards.invitedId, users.id), eq(referralRewards.inviterId, userId)),
    )
    .where(and(cameWith, sql`${users.id} <> ${userId}`))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LIST_LIMIT);
  const [registered] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(cameWith, sql`${users.id} <> ${userId}`));
  const [paid] = await db
    .select({
      count: sql<number>`count(*)::int`,
      days: sql<number>`coalesce(sum(${referralRewards.days}) filter (where ${inArray(referralRewards.state, ['granted', 'kept'])}), 0)::int`,
    })
    .from(referralRewards)
    .where(eq(referralRewards.inviterId, userId));
  const link = new URL('/', publicUrl);
  link.searchParams.set('ref', code);
  return {
    code,
    link: link.toString(),
    trial_days: REFERRAL_TRIAL_DAYS,
    reward_days: REFERRAL_REWARD_DAYS,
    max_per_year: REFERRAL_MAX_PER_YEAR,
    counts: {
      registered: registered?.count ?? 0,
      paid: paid?.count ?? 0,
      days: paid?.days ?? 0,
    },
    invited: rows.map((row) => ({
      email: maskEmail(row.email),
      registered_at: row.createdAt.toISOString(),
      state: (row.state ?? 'registered') satisfies ReferralState,
      days: row.state === 'granted' || row.state === 'kept' ? (row.days ?? 0) : 0,
    })),
  };
}

/** The trial's length at least, for a family a friend invited — unless the "friend" is the same person. */
export async function referralTrialDays(db: Database, userId: number): Promise<number> {
  const pair = await inviterOf(db, userId);
  if (!pair || (await samePerson(db, pair.inviter, pair.invited))) return 0;
  return REFERRAL_TRIAL_DAYS;
}
