// What a refunded purchase delivered, taken back in the refund's own transaction (admin-refund.ts):
// - a subscription period bought by it ends now (one not yet begun is dropped), the periods chained after it
//   move earlier by the time taken out, a pause running in it ends, and auto-renewal is switched off;
// - a gift certificate is cancelled (the claim did it before the bank was asked; an activated one is refused
//   there, since its period is the recipient's);
// - a child place, skipped weeks or an additional program given by it are removed.
// What was delivered before deliveries carried their purchase id cannot be found for sure: it is named in
// `left` for a person to decide, never guessed.
import { and, eq, isNull } from 'drizzle-orm';
import { DAYS, pluralize } from '@contract/plural';
import { formatMoscowDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import {
  childAdditionalPrograms,
  childSlotPurchases,
  childWeeks,
  familySubscriptions,
  giftCertificates,
  subscriptionRenewals,
} from '../../db/schema/index';
import { childSlots } from '../children';
import { takeBackReward } from '../referrals';
import { lockPaidTime, takeOutPeriod } from '../subscriptions';
import type { PurchaseRow } from '../store';

export interface TakenBack {
  /** What was taken back, in Russian, for the administrator. */
  takenBack: string[];
  /** What could not be taken back automatically. */
  left: string[];
}

export const NOT_FOUND_OLD =
  'покупка сделана до того, как школа стала запоминать, что она дала, или ребёнка уже удалили — ' +
  'проверьте вручную';

/** Fewer places than children after the refund: the administrator hears it. */
async function seatsNote(tx: Database, userId: number, now: Date, out: TakenBack) {
  const slots = await childSlots(tx, userId, now);
  if (slots.used > slots.total) {
    out.takenBack.push(
      `Детей в семье (${slots.used}) теперь больше, чем мест (${slots.total}): ` +
        'лишние не смогут заниматься, пока семья не оплатит место',
    );
  }
}

async function takeBackPeriods(tx: Database, purchase: PurchaseRow, now: Date, out: TakenBack) {
  const userId = purchase.userId;
  if (userId === null) return;
  await lockPaidTime(tx, userId);
  const periods = await tx
    .select()
    .from(familySubscriptions)
    .where(eq(familySubscriptions.purchaseId, purchase.id));
  if (periods.length === 0) {
    out.left.push(`Период подписки не найден: ${NOT_FOUND_OLD} («Завершить подписку» в аккаунте)`);
    return;
  }
  for (const period of periods) {
    const taken = await takeOutPeriod(tx, period, now);
    if (taken.kind === 'over') {
      out.takenBack.push(
        `Период подписки по этой покупке уже закончился ${formatMoscowDate(taken.end)}`,
      );
      continue;
    }
    out.takenBack.push(
      taken.kind === 'cancelled'
        ? `Ещё не начавшийся период подписки (${formatMoscowDate(taken.startsAt)} — ${formatMoscowDate(taken.end)}) отменён`
        : `Подписка по этой покупке закончилась сейчас (была до ${formatMoscowDate(taken.end)}): уроки по ней закрыты`,
    );
    if (taken.movedDays !== null) {
      out.takenBack.push(
        `Следующие периоды подписки сдвинуты раньше на ${pluralize(taken.movedDays, DAYS)}`,
      );
    }
  }
  const stopped = await tx
    .update(subscriptionRenewals)
    .set({ cancelledAt: now, cancelReason: 'refunded', chargeOrderId: null, updatedAt: now })
    .where(and(eq(subscriptionRenewals.userId, userId), isNull(subscriptionRenewals.cancelledAt)))
    .returning({ id: subscriptionRenewals.id });
  if (stopped.length > 0) {
    out.takenBack.push('Автопродление выключено: карта больше не будет списываться');
  }
  await seatsNote(tx, userId, now, out);
}

/** Takes back what the purchase delivered; the caller marks the order and the purchase refunded. */
export async function takeBack(tx: Database, purchase: PurchaseRow, now: Date): Promise<TakenBack> {
  const out: TakenBack = { takenBack: [], left: [] };
  // First: the days it earned whoever invited the family stay theirs to lose even if the family is gone.
  const reward = await takeBackReward(tx, purchase.id, now);
  if (reward) out.takenBack.push(reward);
  if (purchase.userId === null && purchase.type !== 'gift') {
    out.takenBack.push('Аккаунта покупателя больше нет — забирать нечего');
    return out;
  }
  switch (purchase.type) {
    case 'subscription':
      await takeBackPeriods(tx, purchase, now, out);
      break;
    case 'gift': {
      // The claim cancelled it before the bank was asked (an activated one is refused there).
      const [certificate] = await tx
        .select({ code: giftCertificates.code, cancelledAt: giftCertificates.cancelledAt })
        .from(giftCertificates)
        .where(eq(giftCertificates.purchaseId, purchase.id));
      if (certificate?.cancelledAt) {
        out.takenBack.push(
          `Подарочный сертификат ${certificate.code} отменён: код больше не работает`,
        );
      } else {
        out.left.push('Сертификат по этой покупке не найден');
      }
      break;
    }
    case 'child-slot': {
      const removed = await tx
        .delete(childSlotPurchases)
        .where(eq(childSlotPurchases.purchaseId, purchase.id))
        .returning({ slots: childSlotPurchases.slots });
      if (removed.length > 0) {
        out.takenBack.push('Место для ещё одного ребёнка снято');
        if (purchase.userId !== null) await seatsNote(tx, purchase.userId, now, out);
      } else {
        out.left.push('Купленное место не найдено');
      }
      break;
    }
    case 'weeks': {
      const removed = await tx
        .delete(childWeeks)
        .where(eq(childWeeks.purchaseId, purchase.id))
        .returning({ weekId: childWeeks.weekId });
      if (removed.length > 0) {
        out.takenBack.push(`Закрыто купленных недель: ${removed.length}`);
      } else {
        out.left.push(`Открытые покупкой недели не найдены: ${NOT_FOUND_OLD}`);
      }
      break;
    }
    case 'additional-program': {
      const removed = await tx
        .delete(childAdditionalPrograms)
        .where(eq(childAdditionalPrograms.purchaseId, purchase.id))
        .returning({ childId: childAdditionalPrograms.childId });
      if (removed.length > 0) {
        out.takenBack.push(`Дополнительная программа закрыта (детей: ${removed.length})`);
      } else {
        out.left.push(`Дополнительная программа не найдена: ${NOT_FOUND_OLD}`);
      }
      break;
    }
  }
  return out;
}
