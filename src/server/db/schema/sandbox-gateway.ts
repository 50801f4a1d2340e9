// State of the sandbox acquiring gateway (/sandbox/sberbank): the orders registered with it and the
// cards it saved. Only the demo's sandbox reads or writes these tables; they live in the database so
// any instance of the demo can answer for an order another one registered.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './timestamps';

export const sandboxGatewayOrders = pgTable(
  'sandbox_gateway_orders',
  {
    orderId: text('order_id').primaryKey(),
    userName: text('user_name').notNull(),
    orderNumber: text('order_number').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    returnUrl: text('return_url').notNull(),
    failUrl: text('fail_url'),
    description: text('description'),
    clientId: text('client_id'),
    features: text('features'),
    email: text('email'),
    jsonParams: jsonb('json_params').$type<Record<string, string>>(),
    orderBundle: jsonb('order_bundle'),
    /** orderStatus of src/server/integrations/sberbank/README.md: 0 registered … 6 declined. */
    orderStatus: integer('order_status').notNull().default(0),
    actionCode: integer('action_code').notNull().default(0),
    actionCodeDescription: text('action_code_description').notNull().default(''),
    maskedPan: text('masked_pan'),
    expiration: text('expiration'),
    cardholderName: text('cardholder_name'),
    paymentSystem: text('payment_system'),
    bindingId: text('binding_id'),
    approvedAmount: integer('approved_amount').notNull().default(0),
    depositedAmount: integer('deposited_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    // errorCode 1: an order number is used once per merchant.
    uniqueIndex('sandbox_gateway_orders_number_idx').on(t.userName, t.orderNumber),
  ],
);

export const sandboxGatewayBindings = pgTable(
  'sandbox_gateway_bindings',
  {
    bindingId: text('binding_id').primaryKey(),
    userName: text('user_name').notNull(),
    clientId: text('client_id').notNull(),
    maskedPan: text('masked_pan').notNull(),
    expiryDate: text('expiry_date').notNull(),
    /** The card number's outcome class, so a saved card behaves as the card itself would. */
    cardKind: text('card_kind').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt,
  },
  (t) => [
    index('sandbox_gateway_bindings_client_idx')
      .on(t.userName, t.clientId)
      .where(sql`${t.isActive}`),
  ],
);
