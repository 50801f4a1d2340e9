// The store and payment calls (docs/PRODUCT.md «Product rules» Store and Payments, docs/ARCHITECTURE.md): a purchase is priced on the
// server from ids, a promo code is checked apart, and each register/* call turns a purchase into an order
// at the bank whose page the browser then opens. Money is integer kopecks everywhere.
import { z } from 'zod';
import { emailField } from './auth';
import { dataOf, listOf } from './common';

const MAX_INT = 2_147_483_647;

/** A whole positive id in a JSON body (ids are PostgreSQL integers: larger numbers name nothing). */
export const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_INT, message);

export const PURCHASE_TYPES = [
  'subscription',
  'gift',
  'child-slot',
  'weeks',
  'additional-program',
] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** What purchase-initialization prices; weeks are priced by weeks-order itself (they need a child). */
export const INITIALIZED_TYPES = [
  'subscription',
  'gift',
  'child-slot',
  'additional-program',
] as const;

const purchaseId = bodyId('Покупка не найдена');
const promoId = bodyId('Промокод не найден').nullable().optional();
const childIds = z
  .array(bodyId('Ребёнок не найден'), { error: 'Выберите детей' })
  .min(1, 'Выберите хотя бы одного ребёнка')
  .max(10, 'Слишком много детей');

/** POST /store/purchase-initialization. `ids`: the tariff or the additional-program offer; none for a slot. */
export const purchaseInitializationBody = z.object({
  ids: z
    .array(bodyId('Тариф не найден'), { error: 'Выберите тариф' })
    .max(1, 'Выберите один тариф'),
  purchase_id: purchaseId.nullable().optional(),
  type: z
    .enum(INITIALIZED_TYPES, { error: 'Неизвестный вид покупки' })
    .optional()
    .default('subscription'),
});
export type PurchaseInitializationBody = z.infer<typeof purchaseInitializationBody>;

export const purchaseLine = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Kopecks per unit. */
  price: z.number().int(),
});

export const purchase = z.object({
  purchase_id: z.number().int(),
  type: z.enum(PURCHASE_TYPES),
  items: z.array(purchaseLine),
  /** Before the discount. */
  amount: z.number().int(),
  discount: z.number().int(),
  /** What the parent pays. */
  total: z.number().int(),
  promo_id: z.number().int().nullable(),
});
export type Purchase = z.infer<typeof purchase>;
export const purchaseResponse = dataOf(purchase);

/** Codes are letters, digits and dashes; the input is shown (and looked up) upper case. */
export const PROMO_CODE_PATTERN = /^[A-Za-zА-Яа-яЁё0-9_-]{3,32}$/;

/**
 * POST /store/web/promocode. With a purchase (or a tariff and type, for a guest still choosing) the answer
 * carries the discounted price; without, only what the code gives.
 */
export const promocodeBody = z.object({
  code: z
    .string({ error: 'Введите промокод' })
    .trim()
    .min(1, 'Введите промокод')
    .max(32, 'Такого промокода нет')
    .regex(PROMO_CODE_PATTERN, 'Такого промокода нет'),
  purchase_id: purchaseId.nullable().optional(),
  type: z.enum(PURCHASE_TYPES, { error: 'Неизвестный вид покупки' }).optional(),
  ids: z.array(bodyId('Тариф не найден')).max(1, 'Выберите один тариф').optional(),
});
export type PromocodeBody = z.infer<typeof promocodeBody>;

export const promocode = z.object({
  promo_id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** Percent, or kopecks off. */
  value: z.number().int(),
  /** Set when a price was given: the discount on it and what is left to pay, kopecks. */
  amount: z.number().int().nullable(),
  discount: z.number().int().nullable(),
  total: z.number().int().nullable(),
});
export type Promocode = z.infer<typeof promocode>;
export const promocodeResponse = dataOf(promocode);

export const subscriptionOrderBody = z.object({
  purchase_id: purchaseId,
  promo_id: promoId,
  /** The separate consent to charge the saved card for renewals (unticked by default). */
  recurrent: z
    .boolean({ error: 'Согласие на автопродление — да или нет' })
    .optional()
    .default(false),
});
export const giftOrderBody = z.object({ purchase_id: purchaseId, promo_id: promoId });
export const childSlotOrderBody = z.object({ purchase_id: purchaseId });
export const weeksOrderBody = z.object({
  child_id: bodyId('Ребёнок не найден'),
  weeks: z
    .array(bodyId('Неделя не найдена'), { error: 'Выберите недели' })
    .min(1, 'Выберите хотя бы одну неделю')
    .max(60, 'Слишком много недель за раз'),
});
export const additionalProgramOrderBody = z.object({
  purchase_id: purchaseId,
  promo_id: promoId,
  childIds,
});
/** The general call: any initialised purchase, with what its type needs. */
export const orderRegistrationBody = z.object({
  purchase_id: purchaseId,
  promo_id: promoId,
  recurrent: z
    .boolean({ error: 'Согласие на автопродление — да или нет' })
    .optional()
    .default(false),
  childIds: childIds.optional(),
});
export type OrderRegistrationBody = z.infer<typeof orderRegistrationBody>;

export const registeredOrder = z.object({
  /** The bank's orderId: the same value it appends to the return URL. */
  order_id: z.string(),
  /** The school's order number: shown on the bank's page, in the payment history, asked by support. */
  order_number: z.string(),
  form_url: z.string(),
  amount: z.number().int(),
});
export type RegisteredOrder = z.infer<typeof registeredOrder>;
export const registeredOrderResponse = dataOf(registeredOrder);

export const ORDER_STATUSES = ['paid', 'pending', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const getOrderStateBody = z.object({
  order_id: z
    .string({ error: 'Заказ не найден' })
    .trim()
    .min(1, 'Заказ не найден')
    .max(64, 'Заказ не найден')
    .regex(/^[A-Za-z0-9-]+$/, 'Заказ не найден'),
});
export const orderState = z.object({
  status: z.enum(ORDER_STATUSES),
  /** The school's order number, the one to quote to support. */
  order_number: z.string(),
  purchase_id: z.number().int(),
  type: z.enum(PURCHASE_TYPES),
  total: z.number().int(),
  /** Why a failed payment failed, in Russian, when the bank said. */
  reason: z.string().nullable(),
  /** The money was taken but is not the purchase's to keep: it goes (or went) back to the card. */
  refund: z.boolean(),
});
export type OrderState = z.infer<typeof orderState>;
export const orderStateResponse = dataOf(orderState);

/** The bank's notification: a hint only, checked by checksum and then by asking the bank. */
export const callbackQuery = z.record(z.string(), z.string().max(512));
export const callbackResponse = dataOf(z.object({ received: z.boolean() }));

/** A payment in the history: as the bank settled it, or given back to the card by the school later. */
export const PAYMENT_HISTORY_STATUSES = [...ORDER_STATUSES, 'refunded'] as const;

export const paymentHistoryItem = z.object({
  purchase_id: z.number().int(),
  type: z.enum(PURCHASE_TYPES),
  title: z.string(),
  total: z.number().int(),
  status: z.enum(PAYMENT_HISTORY_STATUSES),
  /** When the money went back to the card (ISO 8601, UTC), for a refunded payment. */
  refunded_at: z.string().nullable(),
  masked_pan: z.string().nullable(),
  /** The school's order number, as on the bank's page and in the letter after payment: what support asks for. */
  order_number: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;
export const paymentHistoryResponse = listOf(paymentHistoryItem);

/** A gift certificate its buyer sees in personal/gift. */
export const boughtGift = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  duration: z.number().int(),
  amount_children: z.number().int(),
  /** The buyer may switch an unused gift off (lost code) and on again. */
  is_active: z.boolean(),
  /** ISO 8601, UTC. */
  expires_at: z.string(),
  activated: z.boolean(),
  sent_to: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type BoughtGift = z.infer<typeof boughtGift>;
export const boughtGiftsResponse = listOf(boughtGift);
export const boughtGiftResponse = dataOf(boughtGift);

const giftId = bodyId('Подарок не найден');
export const giftToggleBody = z.object({
  id: giftId,
  is_active: z.boolean({ error: 'Включить или выключить — да или нет' }),
});
export const giftSendBody = z.object({ id: giftId, email: emailField });

/** What a recipient types: letters and digits in groups, dashes and spaces ignored. */
export const CERTIFICATE_CODE_PATTERN = /^[A-Za-z0-9\s-]{12,20}$/;
export const certificateCode = z
  .string({ error: 'Введите код сертификата' })
  .trim()
  .min(1, 'Введите код сертификата')
  .regex(CERTIFICATE_CODE_PATTERN, 'Код сертификата — 12 букв и цифр, например 7KQM-2X9D-HT4W');

export const childSlotsInfo = z.object({
  total: z.number().int(),
  used: z.number().int(),
  free: z.number().int(),
  bought: z.number().int(),
  /** Kopecks for one more place. */
  price: z.number().int(),
});
export type ChildSlotsInfo = z.infer<typeof childSlotsInfo>;
export const childSlotsResponse = dataOf(childSlotsInfo);
