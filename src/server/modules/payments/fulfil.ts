// What a paid purchase delivers, written in the same transaction that marks its order paid, so a purchase
// is delivered exactly once whichever confirmation (callback, return page, reconciler) gets there first.
// The letter about it follows in that transaction too (paid-mail.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  additionalProgramOffers,
  cardBindings,
  childAdditionalPrograms,
  childSlotPurchases,
  childWeeks,
  paymentOrders,
  children,
  tariffs,
} from '../../db/schema/index';
import { createCertificate } from '../gifts';
import type { PurchaseRow } from '../store';
import { saveRenewalConsent } from './renewal-consent';
import { redeemKept } from '../referrals';
import { addPaidPeriod, followPaidTime } from '../subscriptions';

export interface PaidCard {
  bindingId: string | null;
  maskedPan: string | null;
  expiration: string | null;
}

/** The chosen children still in the family (one may have been removed while the bank was paid). */
async function familyChildren(tx: Database, userId: number | null, ids: readonly number[]) {
  if (userId === null || ids.length === 0) return [];
  const rows = await tx
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.userId, userId), inArray(children.id, [...ids])));
  return rows.map((row) => row.id);
}

/**
 * Delivers the purchase. False when it delivered nothing at all — weeks or a program the child already has
 * (bought twice from two tabs), or children no longer in the family — so the money goes back; a number is
 * the kopecks of weeks the child had already (two purchases that overlap): that part goes back.
 */
export async function fulfilPurchase(
  tx: Database,
  purchase: PurchaseRow,
  card: PaidCard,
  now: Date,
): Promise<boolean | number> {
  const userId = purchase.userId;
  switch (purchase.type) {
    case 'subscription': {
      if (userId === null || purchase.tariffId === null) return true;
      const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, purchase.tariffId));
      if (!tariff) return true;
      await addPaidPeriod(tx, {
        userId,
        tariffId: tariff.id,
        source: 'purchase',
        months: tariff.duration,
        amountChildren: tariff.amountChildren,
        now,
        purchaseId: purchase.id,
      });
      await redeemKept(tx, userId, now);
      // A renewal's own payment only moves the charge date: it never brings back a cancelled consent.
      const [renewalOrder] = await tx
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(and(eq(paymentOrders.purchaseId, purchase.id), eq(paymentOrders.kind, 'renewal')));
      if (purchase.recurrent && card.bindingId && !renewalOrder) {
        await tx
          .insert(cardBindings)
          .values({
            userId,
            bindingId: card.bindingId,
            maskedPan: card.maskedPan,
            expiryDate: card.expiration,
          })
          .onConflictDoNothing({ target: cardBindings.bindingId });
        await saveRenewalConsent(tx, {
          userId,
          tariffId: tariff.id,
          bindingId: card.bindingId,
          now,
        });
      } else {
        // A period bought by hand (or a renewal) moves the next charge to the new end of paid time.
        await followPaidTime(tx, userId, now);
      }
      return true;
    }
    case 'gift': {
      if (purchase.tariffId === null) return true;
      await createCertificate(tx, {
        purchaseId: purchase.id,
        buyerId: userId,
        tariffId: purchase.tariffId,
        now,
      });
      return true;
    }
    case 'child-slot':
      if (userId === null) return true;
      await tx
        .insert(childSlotPurchases)
        .values({ userId, purchaseId: purchase.id, slots: 1 })
        .onConflictDoNothing({ target: childSlotPurchases.purchaseId });
      return true;
    case 'weeks': {
      const [childId] = await familyChildren(tx, userId, purchase.childIds.slice(0, 1));
      const weekIds = purchase.lines.flatMap((line) => (line.ref_id === null ? [] : [line.ref_id]));
      if (childId === undefined || weekIds.length === 0) return false;
      const opened = await tx
        .insert(childWeeks)
        .values(weekIds.map((weekId) => ({ childId, weekId, purchaseId: purchase.id })))
        .onConflictDoNothing()
        .returning({ weekId: childWeeks.weekId });
      if (opened.length === 0) return false;
      const openedIds = new Set(opened.map((row) => row.weekId));
      const had = purchase.lines.filter(
        (line) => line.ref_id !== null && !openedIds.has(line.ref_id),
      );
      return had.length === 0
        ? true
        : had.reduce((sum, line) => sum + line.price * line.quantity, 0);
    }
    case 'additional-program': {
      const offerId = purchase.lines[0]?.ref_id;
      const childIds = await familyChildren(tx, userId, purchase.childIds);
      if (offerId === undefined || offerId === null || childIds.length === 0) return false;
      const [offer] = await tx
        .select({ programId: additionalProgramOffers.additionalProgramId })
        .from(additionalProgramOffers)
        .where(eq(additionalProgramOffers.id, offerId));
      if (!offer) return false;
      const opened = await tx
        .insert(childAdditionalPrograms)
        .values(
          childIds.map((childId) => ({
            childId,
            additionalProgramId: offer.programId,
            purchaseId: purchase.id,
          })),
        )
        .onConflictDoNothing()
        .returning({ childId: childAdditionalPrograms.childId });
      return opened.length > 0;
    }
  }
}
