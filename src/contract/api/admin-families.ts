// The back office's families: parents and staff accounts (search, children, payments, block, reset mail,
// roles) and the orders at the bank (read; refunds come with the administrator's own screen).
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

export const ORDER_STATE_LABELS = {
  new: 'Создан',
  pending: 'Ждёт оплаты',
  paid: 'Оплачен',
  failed: 'Не оплачен',
} as const;

export const ordersListQuery = adminListQuery.extend({
  state: z.enum(['new', 'pending', 'paid', 'failed']).optional(),
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
  state: z.enum(['new', 'pending', 'paid', 'failed']),
  fail_reason: z.string().nullable(),
  masked_pan: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrdersResponse = pageOf(adminOrder);
export const adminOrderResponse = dataOf(adminOrder);
