// What parents buy and how it is paid: purchases (what and for how much, fixed on the server), orders at
// the bank (one purchase may need several attempts), promo codes, gift certificates, saved cards and the
// child slots bought on top of a tariff. Money is integer kopecks. Financial rows outlive the account
// that made them (receipts must be kept), so their user reference is set null, never cascaded.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tariffs } from './catalog';
import { createdAt, timestamps } from './timestamps';

export const PURCHASE_TYPES = [
  'subscription',
  'gift',
  'child-slot',
  'weeks',
  'additional-program',
] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * Codes are stored upper case; a parent's input is upper-cased before the lookup. used_count counts the
 * uses taken: each paid (or refunded) order, plus one for each family with orders still waiting at the bank
 * (payments/promo-holds.ts).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** Percent (1–100) or kopecks off. */
    value: integer('value').notNull(),
    /** Purchase types it applies to; empty means every type. */
    purchaseTypes: jsonb('purchase_types').$type<PurchaseType[]>().notNull().default([]),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** null → unlimited. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('promo_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'promo_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
    check('promo_codes_code_check', sql`${t.code} = upper(${t.code})`),
  ],
);

/** One line of a purchase, fixed when the purchase is made: what the receipt will say. */
export interface PurchaseLine {
  /** What the line refers to: a tariff, an additional-program offer, a week, or nothing (a slot). */
  ref_id: number | null;
  name: string;
  quantity: number;
  /** Kopecks per unit, before the promo discount. */
  price: number;
}

/** refunded: the back office gave the money back and took back what the purchase delivered. */
export const PURCHASE_STATUSES = ['new', 'paid', 'cancelled', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: PURCHASE_TYPES }).notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('new'),
    lines: jsonb('lines').$type<PurchaseLine[]>().notNull(),
    /** The tariff of a subscription or gift purchase, the offer of an additional program. */
    tariffId: integer('tariff_id').references(() => tariffs.id, { onDelete: 'restrict' }),
    /** Sum of the lines before the discount, kopecks. */
    amount: integer('amount').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, {
      onDelete: 'restrict',
    }),
    discount: integer('discount').notNull().default(0),
    /** What the parent pays, kopecks. */
    total: integer('total').notNull(),
    /** The parent's separate consent to charge the saved card for renewals. */
    recurrent: boolean('recurrent').notNull().default(false),
    /** Children an additional program or weeks are for. */
    childIds: jsonb('child_ids').$type<number[]>().notNull().default([]),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'purchases_type_check',
      sql`${t.type} in ('subscription', 'gift', 'child-slot', 'weeks', 'additional-program')`,
    ),
    check('purchases_status_check', sql`${t.status} in ('new', 'paid', 'cancelled', 'refunded')`),
    check(
      'purchases_money_check',
      sql`${t.amount} >= 0 and ${t.discount} >= 0 and ${t.total} = ${t.amount} - ${t.discount}`,
    ),
    index('purchases_user_idx').on(t.userId, t.createdAt),
  ],
);

export const ORDER_KINDS = ['checkout', 'renewal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/**
 * new: being registered · pending: at the bank · paid · failed (declined, reversed, expired) · refunded: the
 * back office gave the whole sum back (admin-refund.ts).
 */
export const ORDER_STATES = ['new', 'pending', 'paid', 'failed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * What an order was registered for, copied from its purchase under the purchase's lock: the receipt
 * (orderBundle) is built from it and a payment delivers exactly it, whatever happens to the purchase later.
 */
export interface OrderTerms {
  type: PurchaseType;
  lines: PurchaseLine[];
  tariff_id: number | null;
  child_ids: number[];
  discount: number;
  recurrent: boolean;
}

/** An order at the bank. `order_number` is ours (unique at the bank too); `gateway_order_id` is theirs. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('checkout'),
    orderNumber: text('order_number').notNull().unique(),
    gatewayOrderId: text('gateway_order_id').unique(),
    state: text('state', { enum: ORDER_STATES }).notNull().default('new'),
    amount: integer('amount').notNull(),
    /**
     * The promo code this order holds one use of: taken when the order is registered (so a limited code
     * is never promised more times than allowed) and given back if the order fails.
     */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    /**
     * Whether this order is the one counted in its code's used_count. A family's unpaid orders with one
     * code share a single use: only the first holds it, the others wait on it (payments/promo-holds.ts).
     */
    promoHeld: boolean('promo_held').notNull().default(true),
    /** Null only for orders registered before terms were kept: those deliver their purchase as it is. */
    terms: jsonb('terms').$type<OrderTerms>(),
    formUrl: text('form_url'),
    /** orderStatus and actionCode as the bank last reported them. */
    gatewayStatus: integer('gateway_status'),
    actionCode: integer('action_code'),
    failReason: text('fail_reason'),
    maskedPan: text('masked_pan'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A refund from the back office is under way (the bank is being asked): a second one is refused until
     * it ends or, after a crash, until the claim is stale (admin-refund.ts).
     */
    refundStartedAt: timestamp('refund_started_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReason: text('refund_reason'),
    /**
     * Kopecks the bank gave back that the school knows of (its own refunds, whole or part): more than this
     * at the bank means a refund made there, outside the school (bank-refunds.ts).
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('payment_orders_kind_check', sql`${t.kind} in ('checkout', 'renewal')`),
    check(
      'payment_orders_state_check',
      sql`${t.state} in ('new', 'pending', 'paid', 'failed', 'refunded')`,
    ),
    check('payment_orders_amount_check', sql`${t.amount} > 0`),
    index('payment_orders_purchase_idx').on(t.purchaseId),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    // The reconciler's scan: unsettled orders, oldest first.
    index('payment_orders_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('new', 'pending')`),
  ],
);

/**
 * A gift subscription bought for someone else. The code is the gift itself: unguessable, single-use,
 * valid 365 days, and shown to its buyer (who may hand it over on paper), so it is kept as is.
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    buyerId: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'restrict' }),
    code: text('code').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedBy: integer('activated_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Cancelled (its order refunded, or from its back-office screen): the code no longer works. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('gift_certificates_buyer_idx').on(t.buyerId, t.createdAt)],
);

/** A card the bank saved for renewals (bindingInfo of a paid order). */
export const cardBindings = pgTable(
  'card_bindings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bindingId: text('binding_id').notNull().unique(),
    maskedPan: text('masked_pan'),
    /** YYYYMM as the bank gives it. */
    expiryDate: text('expiry_date'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt,
  },
  (t) => [index('card_bindings_user_idx').on(t.userId)],
);

/** Child places bought on top of the tariff's amount_children; one row per paid purchase. */
export const childSlotPurchases = pgTable(
  'child_slot_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    slots: integer('slots').notNull().default(1),
    createdAt,
  },
  (t) => [
    index('child_slot_purchases_user_idx').on(t.userId),
    check('child_slot_purchases_slots_check', sql`${t.slots} > 0`),
  ],
);
