// Rate limits of the payment calls: a parent pays a few times a day, a bank calls back a few times an order.
import type { RateLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

export const PAYMENT_LIMITS = {
  registerPerUser: { name: 'register-order-user', max: 20, windowMs: 10 * MINUTE },
  orderStatePerUser: { name: 'order-state-user', max: 60, windowMs: MINUTE },
  callbackPerIp: { name: 'payment-callback-ip', max: 300, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;
