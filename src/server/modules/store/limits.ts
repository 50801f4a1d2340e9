// Rate limits of the store: promo codes and certificate codes are guessable only as fast as these allow.
import type { RateLimit } from '../../plugins/rate-limit';

const MINUTE = 60_000;

export const STORE_LIMITS = {
  promocodePerIp: { name: 'promocode-ip', max: 30, windowMs: MINUTE },
  /** Wrong codes from one address (a guesser), and for one parent wherever they come from. */
  promocodeFailuresPerIp: { name: 'promocode-fail-ip', max: 10, windowMs: 15 * MINUTE },
  promocodeFailuresPerUser: { name: 'promocode-fail-user', max: 10, windowMs: 15 * MINUTE },
  purchasePerUser: { name: 'purchase-user', max: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimit>;
