// Invite a friend (docs/PRODUCT.md «Invite a friend»): a parent's own link, whom it brought and what it gave.
import { z } from 'zod';
import { dataOf } from './common';

export const REFERRAL_STATES = [
  /** Registered; no paid order yet. */
  'registered',
  /** The first order is paid: the days are added to the inviter's subscription. */
  'granted',
  /** The first order is paid; the inviter has no paid time now: the days wait for their next period. */
  'kept',
  /** The first order was refunded within the window: the days were taken back. */
  'taken_back',
  /** The same person on both sides (e-mail, card or browser): nothing given. */
  'refused_self',
  /** Over the yearly limit: nothing given. */
  'refused_limit',
] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const invitedFamily = z.object({
  /** «ol***@ya***.ru» (or «вход через соцсеть» without one): enough to recognise a friend, never the whole address. */
  email: z.string(),
  registered_at: z.string(),
  state: z.enum(REFERRAL_STATES),
  /** Days the inviter got (granted or kept), otherwise 0. */
  days: z.number().int(),
});
export type InvitedFamily = z.infer<typeof invitedFamily>;

export const referral = z.object({
  code: z.string(),
  /** The address to share: the landing with `?ref=`. */
  link: z.string(),
  trial_days: z.number().int(),
  reward_days: z.number().int(),
  max_per_year: z.number().int(),
  counts: z.object({
    registered: z.number().int(),
    paid: z.number().int(),
    /** Days given and still given (granted and kept). */
    days: z.number().int(),
  }),
  /** The latest invited families, newest first (at most 100). */
  invited: z.array(invitedFamily),
});
export type Referral = z.infer<typeof referral>;

export const referralResponse = dataOf(referral);
