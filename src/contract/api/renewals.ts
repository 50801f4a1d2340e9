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
  /** Kopecks: the tariff's current price. */
  amount: z.number().int().nullable(),
  tariff_title: z.string().nullable(),
  card: z.object({ masked_pan: z.string().nullable() }).nullable(),
  paused_until: z.string().nullable(),
  pauses_left: z.number().int(),
});
export type RenewalState = z.infer<typeof renewalState>;
export const renewalStateResponse = dataOf(renewalState);

export const unsubscribeBody = z
  .object({ reason: reason.optional(), comment: comment.optional() })
  .optional();
export const unsubscribeReasonsResponse = listOf(z.object({ code: z.string(), title: z.string() }));
export const unsubscribeStatisticsBody = z.object({ reason, comment: comment.optional() });
export const okResponse = dataOf(z.object({ ok: z.literal(true) }));

export const pauseBody = z.object({
  weeks: z
    .number({ error: 'Укажите число недель от 1 до 4' })
    .int('Укажите число недель от 1 до 4')
    .min(1, 'Укажите число недель от 1 до 4')
    .max(4, 'Каникулы — не дольше 4 недель за раз'),
});
