// Gifts a parent bought (personal/gift) and the certificate a recipient activates (/gift). A code is
// single-use even when two people type it at the same moment: activation is one conditional UPDATE.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { BoughtGift } from '@contract/api/store';
import type { FamilySubscription } from '@contract/api/subscriptions';
import { formatPrice } from '@contract/money';
import { formatMoscowDate } from '@contract/moscow-date';
import type { Database } from '../../db/client';
import { giftCertificates, tariffs, users } from '../../db/schema/index';
import { queueMail } from '../../integrations/mail/queue';
import { conflict, invalidField, notFound } from '../../plugins/errors';
import { redeemKept } from '../referrals';
import { addPaidPeriod, followPaidTime } from '../subscriptions';
import { normalizeCertificateCode, type CertificateRow } from './certificates';

export const GIFT_NOT_FOUND = 'Подарок не найден';
export const GIFT_USED = 'Этот подарок уже активирован';
export const GIFT_EXPIRED = 'Срок действия подарка закончился';
export const CODE_UNKNOWN = 'Такого кода нет — проверьте, нет ли опечатки';
export const CODE_USED = 'Этот код уже активировали';
export const CODE_OFF = 'Этот сертификат выключен тем, кто его купил';
export const CODE_EXPIRED = 'Срок действия сертификата закончился';
export const CODE_CANCELLED = 'Этот сертификат отменён и больше не действует';

type TariffRow = typeof tariffs.$inferSelect;

/** "Подарочная подписка на 6 месяцев": the tariff's own title, as the catalogue shows it. */
export const giftTitle = (tariff: Pick<TariffRow, 'title'>) => tariff.title;

function toBoughtGift(row: CertificateRow, tariff: TariffRow): BoughtGift {
  return {
    id: row.id,
    code: row.code,
    title: giftTitle(tariff),
    duration: tariff.duration,
    amount_children: tariff.amountChildren,
    is_active: row.isActive,
    expires_at: row.expiresAt.toISOString(),
    activated: row.activatedAt !== null,
    sent_to: row.sentTo,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function boughtGifts(db: Database, userId: number): Promise<BoughtGift[]> {
  const rows = await db
    .select({ gift: giftCertificates, tariff: tariffs })
    .from(giftCertificates)
    .innerJoin(tariffs, eq(tariffs.id, giftCertificates.tariffId))
    // A refunded gift is gone from «Мои подарки»; the payment history shows the refund.
    .where(and(eq(giftCertificates.buyerId, userId), isNull(giftCertificates.cancelledAt)))
    .orderBy(desc(giftCertificates.createdAt), desc(giftCertificates.id));
  return rows.map((row) => toBoughtGift(row.gift, row.tariff));
}

async function ownGift(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ gift: giftCertificates, tariff: tariffs })
    .from(giftCertificates)
    .innerJoin(tariffs, eq(tariffs.id, giftCertificates.tariffId))
    .where(
      and(
        eq(giftCertificates.id, id),
        eq(giftCertificates.buyerId, userId),
        isNull(giftCertificates.cancelledAt),
      ),
    );
  if (!row) throw notFound(GIFT_NOT_FOUND);
  return row;
}

export async function setGiftActive(
  db: Database,
  { userId, id, isActive, now }: { userId: number; id: number; isActive: boolean; now: Date },
): Promise<BoughtGift> {
  const { gift, tariff } = await ownGift(db, userId, id);
  if (gift.activatedAt) throw conflict(GIFT_USED);
  const [row] = await db
    .update(giftCertificates)
    .set({ isActive, updatedAt: now })
    .where(and(eq(giftCertificates.id, id), isNull(giftCertificates.activatedAt)))
    .returning();
  if (!row) throw conflict(GIFT_USED);
  return toBoughtGift(row, tariff);
}

/** Mails the code to someone; the gift stays the buyer's until it is activated. */
export async function sendGift(
  db: Database,
  { userId, id, email, now }: { userId: number; id: number; email: string; now: Date },
): Promise<BoughtGift> {
  const { gift, tariff } = await ownGift(db, userId, id);
  if (gift.activatedAt) throw conflict(GIFT_USED);
  if (gift.expiresAt <= now) throw conflict(GIFT_EXPIRED);
  if (!gift.isActive) throw conflict(CODE_OFF);
  const [buyer] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftCertificates)
      .set({ sentTo: email, sentAt: now, updatedAt: now })
      .where(eq(giftCertificates.id, id))
      .returning();
    if (!row) throw notFound(GIFT_NOT_FOUND);
    await queueMail(tx, {
      template: 'gift',
      to: email,
      data: {
        name: buyer?.name ?? '',
        code: gift.code,
        title: giftTitle(tariff),
        valid_until: formatMoscowDate(gift.expiresAt),
      },
    });
    return toBoughtGift(row, tariff);
  });
}

/** The buyer's mail when a gift is paid, the letter of its order: written in the payment's transaction. */
export async function mailGiftReady(
  tx: Database,
  certificate: CertificateRow,
  order: { amount: number; orderNumber: string },
): Promise<void> {
  if (certificate.buyerId === null) return;
  const [row] = await tx
    .select({ email: users.email, name: users.name, tariff: tariffs })
    .from(users)
    .innerJoin(tariffs, eq(tariffs.id, certificate.tariffId))
    .where(eq(users.id, certificate.buyerId));
  if (!row) return;
  await queueMail(tx, {
    template: 'gift-ready',
    to: row.email,
    data: {
      name: row.name,
      code: certificate.code,
      title: giftTitle(row.tariff),
      valid_until: formatMoscowDate(certificate.expiresAt),
      amount: formatPrice(order.amount),
      order_number: order.orderNumber,
    },
  });
}

/** Activates a certificate for the family: the gift's months follow any paid time still to come. */
export async function activateCertificate(
  db: Database,
  { userId, code, now }: { userId: number; code: string; now: Date },
): Promise<FamilySubscription> {
  const normalized = normalizeCertificateCode(code);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(giftCertificates)
      .set({ activatedBy: userId, activatedAt: now, updatedAt: now })
      .where(
        and(
          eq(giftCertificates.code, normalized),
          isNull(giftCertificates.activatedAt),
          eq(giftCertificates.isActive, true),
          gt(giftCertificates.expiresAt, now),
          isNull(giftCertificates.cancelledAt),
        ),
      )
      .returning();
    if (!taken) {
      const [found] = await tx
        .select()
        .from(giftCertificates)
        .where(eq(giftCertificates.code, normalized));
      const reason = !found
        ? CODE_UNKNOWN
        : found.activatedAt
          ? CODE_USED
          : found.cancelledAt
            ? CODE_CANCELLED
            : !found.isActive
              ? CODE_OFF
              : CODE_EXPIRED;
      throw invalidField('code', reason);
    }
    const [tariff] = await tx.select().from(tariffs).where(eq(tariffs.id, taken.tariffId));
    if (!tariff) throw notFound(GIFT_NOT_FOUND);
    const period = await addPaidPeriod(tx, {
      userId,
      tariffId: tariff.id,
      source: 'gift',
      months: tariff.duration,
      amountChildren: tariff.amountChildren,
      now,
      purchaseId: taken.purchaseId,
    });
    await redeemKept(tx, userId, now);
    // An autopay consent charges when the paid time ends: the gift's months (and any kept days) move it.
    await followPaidTime(tx, userId, now);
    return period;
  });
}
