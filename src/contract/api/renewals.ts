// Auto-renewal, its refusal in one click, the saved card, ending a subscription and pauses («каникулы»).
import { z } from 'zod';
import { dataOf, listOf } from './common';

export const UNSUBSCRIBE_REASON_TITLES = {
  expensive: 'Дорого',
  'not-interested': 'Ребёнку неинтересно',
  'no-time': 'Нет времени',
  'other-school': 'Перейдём в другую школу',
  technical: 'Технические проблемы',
  other: 'Другое',
} as const;
export type UnsubscribeReasonCode = keyof typeof UNSUBSCRIBE_REASON_TITLES;
const REASON_CODES = Object.keys(UNSUBSCRIBE_REASON_TITLES) as [
  UnsubscribeReasonCode,
  ...UnsubscribeReasonCode[],
];

const reason = z.enum(REASON_CODES, { error: 'Выберите причину из списка' });
const comment = z
  .string({ error: 'Комментарий — это текст' })
  .max(1000, 'Комментарий — не длиннее 1000 символов');

export const renewalState = z.object({
  active: z.boolean(),
  next_charge_at: z.string().nullable(),
  /** Kopecks: the current price of the tariff a renewal charges for (also while off, to turn it on). */
  amount: z.number().int().nullable(),
  tariff_title: z.string().nullable(),
  /** How many months each renewal adds. */
  months: z.number().int().nullable(),
  /** Off, but the card is still saved and paid time runs: a fresh consent turns it back on. */
  can_enable: z.boolean(),
  /** Declined charges of the current renewal so far: a retry is due at next_charge_at. */
  failed_attempts: z.number().int(),
  /** Off because the bank declined every attempt (or asked for 3-D Secure). */
  stopped_by_bank: z.boolean(),
  /** The end of all paid and gifted time still to come (later periods included), or null. */
  paid_until: z.string().nullable(),
  card: z.object({ masked_pan: z.string().nullable() }).nullable(),
  paused_until: z.string().nullable(),
  pauses_left: z.number().int(),
  /** Whole weeks a new pause may still take (at most 4 at a time, 6 in 365 days). */
  pause_weeks_left: z.number().int(),
  /** A paid (or gifted) period is in force now: what a pause and ending act on. */
  paid: z.boolean(),
});
export type RenewalState = z.infer<typeof renewalState>;
export const renewalStateResponse = dataOf(renewalState);

export const unsubscribeBody = z
  .object({ reason: reason.optional(), comment: comment.optional() })
  .optional();
export const unsubscribeReasonsResponse = listOf(z.object({ code: z.string(), title: z.string() }));
export const unsubscribeStatisticsBody = z.object({ reason, comment: comment.optional() });
export const okResponse = dataOf(z.object({ ok: z.literal(true) }));

/** Turning renewal back on is a new consent: the parent ticks it again, it is never implied. */
export const enableRenewalBody = z.object({
  consent: z.literal(true, {
    error: 'Подтвердите согласие на автоматическое списание',
  }),
});

/** The longest single pause; the yearly limits are the server's. */
export const PAUSE_MAX_WEEKS = 4;

export const pauseBody = z.object({
  weeks: z
    .number({ error: 'Укажите число недель от 1 до 4' })
    .int('Укажите число недель от 1 до 4')
    .min(1, 'Укажите число недель от 1 до 4')
    .max(PAUSE_MAX_WEEKS, 'Каникулы — не дольше 4 недель за раз'),
});
