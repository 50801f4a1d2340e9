// What an invited family's first payment gives the parent who invited it, and what a refund takes back
// (docs/PRODUCT.md «Invite a friend»). Everything here runs inside the payment's or the refund's own
// transaction, so a reward is written once whichever confirmation of the payment arrives first.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  REFERRAL_MAX_PER_YEAR,
  REFERRAL_REFUND_WINDOW_DAYS,
  REFERRAL_REWARD_DAYS,
} from '@contract/api/values';
import { DAYS, pluralize } from '@contract/plural';
import type { Database } from '../../db/client';
import { familySubscriptions, referralRewards } from '../../db/schema/index';
import { addBonusPeriod, followPaidTime, lockPaidTime, takeOutPeriod } from '../subscriptions';
import { inviterOf } from './inviter';
import { samePerson } from './same-person';

const DAY_MS = 24 * 60 * 60_000;
const YEAR_MS = 365 * DAY_MS;

/**
 * Called for every paid order: the first one of an invited family (with money in it) decides the reward.
 * Days added to the inviter's subscription move its next autopay charge with them.
 */
export async function rewardInviter(
  tx: Database,
  {
    invitedId,
    purchaseId,
    amount,
    maskedPan,
    now,
  }: {
    invitedId: number;
    purchaseId: number;
    amount: number;
    maskedPan: string | null;
    now: Date;
  },
): Promise<void> {
  if (amount <= 0) return;
  const invited = await inviterOf(tx, invitedId);
  if (!invited) return;
  const { inviter } = invited;
  // A family rewarded (or refused) already: its later orders need not queue behind the inviter's lock.
  const [decided] = await tx
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(eq(referralRewards.invitedId, invitedId));
  if (decided) return;
  // The inviter's lock queues two invited families paying at once, so the yearly count holds.
  await lockPaidTime(tx, inviter.id);
  const self = await samePerson(tx, inviter, invited.invited, maskedPan);
  const [{ given } = { given: 0 }] = await tx
    .select({ given: sql<number>`count(*)::int` })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.inviterId, inviter.id),
        inArray(referralRewards.state, ['granted', 'kept']),
        gt(referralRewards.createdAt, new Date(now.getTime() - YEAR_MS)),
      ),
    );
  const state = self ? 'refused_self' : given >= REFERRAL_MAX_PER_YEAR ? 'refused_limit' : 'kept';
  // The unique invited id: a second paid order (or a second confirmation) of this family finds it taken.
  const [row] = await tx
    .insert(referralRewards)
    .values({
      inviterId: inviter.id,
      invitedId,
      purchaseId,
      state,
      days: state === 'kept' ? REFERRAL_REWARD_DAYS : 0,
      createdAt: now,
    })
    .onConflictDoNothing({ target: referralRewards.invitedId })
    .returning({ id: referralRewards.id });
  if (!row || state !== 'kept') return;
  const periodId = await addBonusPeriod(tx, {
    userId: inviter.id,
    days: REFERRAL_REWARD_DAYS,
    now,
  });
  if (periodId === null) return;
  await tx
    .update(referralRewards)
    .set({ state: 'granted', periodId })
    .where(eq(referralRewards.id, row.id));
  await followPaidTime(tx, inviter.id, now);
}

/** After a family's new paid period: the days it was kept for its next one follow on from it. */
export async function redeemKept(tx: Database, userId: number, now: Date): Promise<void> {
  const kept = await tx
    .select({ id: referralRewards.id, days: referralRewards.days })
    .from(referralRewards)
    .where(and(eq(referralRewards.inviterId, userId), eq(referralRewards.state, 'kept')))
    .orderBy(referralRewards.id);
  for (const reward of kept) {
    const periodId = await addBonusPeriod(tx, { userId, days: reward.days, now });
    if (periodId === null) return;
    await tx
      .update(referralRewards)
      .set({ state: 'granted', periodId })
      .where(eq(referralRewards.id, reward.id));
  }
}

/**
 * A refund of the purchase that earned a reward: within the window the days are taken back (a period not
 * yet begun is dropped, one running ends now, the later ones move earlier and the next charge follows).
 * Returns a line for the administrator.
 */
export async function takeBackReward(
  tx: Database,
  purchaseId: number,
  now: Date,
): Promise<string | null> {
  const earning = and(
    eq(referralRewards.purchaseId, purchaseId),
    inArray(referralRewards.state, ['granted', 'kept']),
  );
  const [found] = await tx
    .select({ inviterId: referralRewards.inviterId })
    .from(referralRewards)
    .where(earning);
  if (!found) return null;
  // Locked first, then read again: the inviter's purchase may be turning kept days into a period now.
  await lockPaidTime(tx, found.inviterId);
  const [reward] = await tx.select().from(referralRewards).where(earning).for('update');
  if (!reward) return null;
  const days = pluralize(reward.days, DAYS);
  if (now.getTime() - reward.createdAt.getTime() > REFERRAL_REFUND_WINDOW_DAYS * DAY_MS) {
    return `Награда пригласившему (${days}) остаётся: со дня оплаты прошло больше ${pluralize(REFERRAL_REFUND_WINDOW_DAYS, DAYS)}`;
  }
  let changed = false;
  if (reward.state === 'granted' && reward.periodId !== null) {
    const [period] = await tx
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.id, reward.periodId));
    if (period) changed = (await takeOutPeriod(tx, period, now)).kind !== 'over';
  }
  await tx
    .update(referralRewards)
    .set({ state: 'taken_back', takenBackAt: now })
    .where(eq(referralRewards.id, reward.id));
  if (changed) await followPaidTime(tx, reward.inviterId, now);
  return `Награда пригласившему за эту семью (${days}) отменена`;
}
