// What a parent does with renewal: sees it, refuses it in one click (the paid time stays), removes the
// saved card (the bank forgets it too), or ends the subscription now. Refusing stops every future charge:
// the renewal job charges only rows that are not cancelled and whose card is not removed.
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RenewalState, UnsubscribeReasonCode } from '@contract/api/renewals';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  cardBindings,
  familySubscriptions,
  paymentOrders,
  subscriptionPauses,
  subscriptionRenewals,
  tariffs,
  unsubscribeFeedback,
  users,
  type CancelReason,
} from '../../db/schema/index';
import { SberbankError, SberbankUnavailableError } from '../../integrations/sberbank/client';
import { HttpError, conflict } from '../../plugins/errors';
import { bankFor } from '../payments';
import { freshConsent } from '../payments';
import { paidTimeEnd } from '../subscriptions';
import { familyPauses, paidPeriodNow } from './pauses';
import { renewalAmount } from '../payments';

/** unBindCard.do's answer for a binding the bank no longer has (removed before, or expired). */
const BINDING_GONE = '2';

export const CARD_NOT_REMOVED =
  'Банк не смог удалить карту. Попробуйте ещё раз позже — пока карта сохранена';
export const BANK_UNAVAILABLE =
  'Банк не ответил, карта пока сохранена. Попробуйте ещё раз через минуту';
export const NOTHING_TO_END = 'Нет подписки, которую можно завершить';
export const NO_CARD_TO_RENEW =
  'Сохранённой карты нет: включить автопродление можно при следующей оплате подписки';
export const CHARGE_IN_PROGRESS =
  'Банк ещё проводит последнее списание — включите автопродление позже, когда оно завершится';
export const NOTHING_TO_RENEW = 'Нет оплаченной подписки, которую можно продлевать';

async function renewalRow(db: Database, userId: number) {
  const [row] = await db
    .select({ renewal: subscriptionRenewals, tariff: tariffs, card: cardBindings })
    .from(subscriptionRenewals)
    .innerJoin(tariffs, eq(tariffs.id, subscriptionRenewals.tariffId))
    .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
    .where(eq(subscriptionRenewals.userId, userId));
  return row;
}

/**
 * The one card «Тарифы» names, and so the one «Удалить карту» removes: the card renewal charges while it is
 * saved, otherwise the newest saved card (a later recurrent payment may have saved another).
 */
async function shownCard(
  db: Database,
  userId: number,
  row: Awaited<ReturnType<typeof renewalRow>>,
) {
  if (row && row.card.removedAt === null) return row.card;
  const [newest] = await db
    .select()
    .from(cardBindings)
    .where(and(eq(cardBindings.userId, userId), isNull(cardBindings.removedAt)))
    .orderBy(desc(cardBindings.createdAt), desc(cardBindings.id))
    .limit(1);
  return newest;
}

export async function renewalState(db: Database, userId: number, now: Date): Promise<RenewalState> {
  const row = await renewalRow(db, userId);
  const card = await shownCard(db, userId, row);
  const pauses = await familyPauses(db, userId, now);
  const period = await paidPeriodNow(db, userId, now);
  const active = !!row && row.renewal.cancelledAt === null && row.card.removedAt === null;
  const pausedUntil = pauses.active
    ? (pauses.active.resumedAt ?? pauses.active.endsAt).toISOString()
    : null;
  const paidUntil = await paidTimeEnd(db, userId, now);
  const canEnable = !!row && !active && row.card.removedAt === null && paidUntil !== null;
  return {
    active,
    next_charge_at: active && row ? row.renewal.nextChargeAt.toISOString() : null,
    amount: row ? await renewalAmount(db, userId, row.tariff) : null,
    tariff_title: row ? row.tariff.title : null,
    months: row ? row.tariff.duration : null,
    can_enable: canEnable,
    failed_attempts: active && row ? row.renewal.failedAttempts : 0,
    stopped_by_bank: !active && row?.renewal.cancelReason === 'charge_failed',
    paid_until: paidUntil ? paidUntil.toISOString() : null,
    card: card ? { masked_pan: card.maskedPan } : null,
    paused_until: pausedUntil,
    pauses_left: pauses.left,
    pause_weeks_left: period ? pauses.weeksLeft : 0,
    paid: period !== undefined,
  };
}

export async function cancel(db: Database, userId: number, reason: CancelReason, now: Date) {
  await db
    .update(subscriptionRenewals)
    .set({ cancelledAt: now, cancelReason: reason, chargeOrderId: null, updatedAt: now })
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)));
}

export async function saveFeedback(
  db: Database,
  input: { userId: number; reason: UnsubscribeReasonCode; comment?: string | undefined },
): Promise<void> {
  const comment = input.comment?.trim();
  await db.insert(unsubscribeFeedback).values({
    userId: input.userId,
    reason: input.reason,
    comment: comment === undefined || comment === '' ? null : comment,
  });
}

/** Refusal in one click: idempotent, the paid time stays. */
export async function unsubscribe(
  db: Database,
  input: {
    userId: number;
    reason?: UnsubscribeReasonCode | undefined;
    comment?: string | undefined;
    now: Date;
  },
): Promise<RenewalState> {
  const { userId, now } = input;
  const [open] = await db
    .select({ id: subscriptionRenewals.id })
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)));
  await cancel(db, userId, input.reason ?? 'other', now);
  if (open && input.reason)
    await saveFeedback(db, { userId, reason: input.reason, comment: input.comment });
  return renewalState(db, userId, now);
}

/**
 * Renewal back on, with a fresh consent: the family's last renewal row, if its card is still saved, charges
 * again when the paid time ends. Without a saved card the consent belongs to the next payment.
 */
export async function enableRenewal(
  db: Database,
  userId: number,
  now: Date,
): Promise<RenewalState> {
  await db.transaction(async (tx) => {
    // The same locks as a pause (the advisory one) and a paid period being delivered (the family's row):
    // the paid time read here cannot move before the charge date is written.
    await tx.execute(sql`select pg_advisory_xact_lock(4242, ${userId})`);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .select({
        id: subscriptionRenewals.id,
        cancelledAt: subscriptionRenewals.cancelledAt,
        removedAt: cardBindings.removedAt,
      })
      .from(subscriptionRenewals)
      .innerJoin(cardBindings, eq(cardBindings.id, subscriptionRenewals.cardBindingId))
      .where(eq(subscriptionRenewals.userId, userId))
      .for('update');
    if (!row || row.removedAt !== null) throw conflict(NO_CARD_TO_RENEW);
    // Already on: nothing to change (a charge in progress keeps its order).
    if (row.cancelledAt === null) return;
    // A charge refused moments ago may still settle: its result decides the paid time to follow.
    const [charging] = await tx
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, userId),
          eq(paymentOrders.kind, 'renewal'),
          inArray(paymentOrders.state, ['new', 'pending']),
        ),
      )
      .limit(1);
    if (charging) throw conflict(CHARGE_IN_PROGRESS);
    const nextChargeAt = await paidTimeEnd(tx, userId, now);
    if (!nextChargeAt) throw conflict(NOTHING_TO_RENEW);
    await tx
      .update(subscriptionRenewals)
      .set(freshConsent(now, nextChargeAt))
      .where(eq(subscriptionRenewals.id, row.id));
  });
  return renewalState(db, userId, now);
}

/**
 * Removes the card «Тарифы» names — only that one: the bank forgets it first, then it is removed here, and
 * renewal stops if it was the card renewal charges. Another saved card, if any, is named next.
 */
export async function removeCard(
  deps: { db: Database; config: Config; log?: FastifyBaseLogger },
  userId: number,
  now: Date,
): Promise<RenewalState> {
  const { db } = deps;
  const row = await renewalRow(db, userId);
  const card = await shownCard(db, userId, row);
  if (card) {
    try {
      await bankFor(deps.config).unbindCard(card.bindingId);
    } catch (error) {
      if (error instanceof SberbankError && error.errorCode === BINDING_GONE) {
        // Already gone at the bank: removing it here is all that is left.
      } else if (error instanceof SberbankError) {
        deps.log?.warn({ error_code: error.errorCode }, 'the bank refused to unbind a card');
        throw new HttpError(503, CARD_NOT_REMOVED);
      } else if (error instanceof SberbankUnavailableError) {
        throw new HttpError(503, BANK_UNAVAILABLE);
      } else {
        throw error;
      }
    }
    await db.update(cardBindings).set({ removedAt: now }).where(eq(cardBindings.id, card.id));
  }
  if (!card || row?.card.id === card.id) await cancel(db, userId, 'card_removed', now);
  return renewalState(db, userId, now);
}

/** Access ends now: the period in force and any later ones, the pause if one runs, and renewal. */
export async function endSubscription(
  db: Database,
  userId: number,
  now: Date,
): Promise<RenewalState> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(familySubscriptions)
      .set({ endedAt: now })
      .where(
        and(
          eq(familySubscriptions.userId, userId),
          gt(familySubscriptions.endsAt, now),
          or(isNull(familySubscriptions.endedAt), gt(familySubscriptions.endedAt, now)),
        ),
      )
      .returning({ id: familySubscriptions.id });
    if (ended.length === 0) throw conflict(NOTHING_TO_END);
    await tx
      .update(subscriptionPauses)
      .set({ resumedAt: now })
      .where(
        and(
          eq(subscriptionPauses.userId, userId),
          gt(subscriptionPauses.endsAt, now),
          isNull(subscriptionPauses.resumedAt),
        ),
      );
    await cancel(tx, userId, 'subscription_ended', now);
  });
  return renewalState(db, userId, now);
}
