// The back office's families: parents and staff accounts (search, children, payments, block, reset mail,
// roles) and the orders at the bank (read by the administrator and support; refunded by the administrator).
import { z } from 'zod';
import { USER_ROLES } from './auth';
import { adminListQuery } from './admin';
import { dataOf, pageOf } from './common';

export const usersListQuery = adminListQuery.extend({
  role: z.enum(USER_ROLES).optional(),
});

export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  role: z.enum(USER_ROLES),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  created_at: z.string(),
  children_count: z.number().int(),
  /** The end of the subscription in force now (trial or paid), null without one. */
  subscription_until: z.string().nullable(),
  children: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      birth_date: z.string(),
      age_group: z.string().nullable(),
    }),
  ),
  /** The family this account is a caregiver of: its owner (null for an owner). Filled on one account. */
  caregiver_of: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  /** The grown-ups this account invited into its family. Filled on one account, empty in lists. */
  caregivers: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      status: z.enum(['invited', 'expired', 'accepted']),
    }),
  ),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersResponse = pageOf(adminUser);
export const adminUserResponse = dataOf(adminUser);

export const blockBody = z.object({
  blocked: z.boolean({ error: 'Укажите, закрыть ли вход' }),
});
export const roleBody = z.object({
  role: z.enum(USER_ROLES, { error: 'Выберите роль' }),
});

export const extendBody = z.object({
  days: z
    .number({ error: 'Укажите число дней' })
    .int('Число дней — целое')
    .min(1, 'Хотя бы 1 день')
    .max(366, 'Не больше 366 дней за раз'),
});

export const ADMIN_ORDER_STATES = ['new', 'pending', 'paid', 'failed', 'refunded'] as const;

export const ORDER_STATE_LABELS = {
  new: 'Создан',
  pending: 'Ждёт оплаты',
  paid: 'Оплачен',
  failed: 'Не оплачен',
  refunded: 'Возвращён',
} as const satisfies Record<(typeof ADMIN_ORDER_STATES)[number], string>;

export const ordersListQuery = adminListQuery.extend({
  state: z.enum(ADMIN_ORDER_STATES).optional(),
  user_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const adminOrder = z.object({
  id: z.number().int(),
  order_number: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  purchase_type: z.string(),
  kind: z.enum(['checkout', 'renewal']),
  amount: z.number().int(),
  state: z.enum(ADMIN_ORDER_STATES),
  fail_reason: z.string().nullable(),
  masked_pan: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /** A refund from the back office: when, who, why. */
  refunded_at: z.string().nullable(),
  refunded_by_email: z.string().nullable(),
  refund_reason: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrdersResponse = pageOf(adminOrder);
export const adminOrderResponse = dataOf(adminOrder);

export const REFUND_REASON_MAX = 500;
export const refundBody = z.object({
  reason: z
    .string({ error: 'Причина — текстом' })
    .trim()
    .max(REFUND_REASON_MAX, `Причина — не длиннее ${REFUND_REASON_MAX} символов`)
    .optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

/** A refund done: the order as it is now, what was taken back and what is left for a person to decide. */
export const adminRefund = z.object({
  order: adminOrder,
  taken_back: z.array(z.string()),
  left: z.array(z.string()),
});
export type AdminRefund = z.infer<typeof adminRefund>;
export const adminRefundResponse = dataOf(adminRefund);
