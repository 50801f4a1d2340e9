import { z } from 'zod';
import { dataOf } from './common';
import { certificateCode } from './store';

/** docs/ARCHITECTURE.md: `{subscription_id}` activates a free tariff (the trial), `{code}` a gift certificate. */
export const activateSubscriptionBody = z
  .object({
    subscription_id: z
      .number({ error: 'Выберите тариф' })
      .int('Выберите тариф')
      .positive('Выберите тариф')
      // Ids are PostgreSQL integers: a larger number names no tariff (and must not reach the database).
      .max(2_147_483_647, 'Выберите тариф')
      .optional(),
    code: certificateCode.optional(),
  })
  .refine((body) => (body.subscription_id === undefined) !== (body.code === undefined), {
    message: 'Укажите тариф или код сертификата',
    path: ['subscription_id'],
  });
export type ActivateSubscriptionBody = z.infer<typeof activateSubscriptionBody>;

export const SUBSCRIPTION_SOURCES = ['trial', 'purchase', 'gift', 'referral'] as const;

export const familySubscription = z.object({
  id: z.number().int(),
  source: z.enum(SUBSCRIPTION_SOURCES),
  is_free: z.boolean(),
  amount_children: z.number().int(),
  /** ISO 8601, UTC. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type FamilySubscription = z.infer<typeof familySubscription>;
export const familySubscriptionResponse = dataOf(familySubscription);
