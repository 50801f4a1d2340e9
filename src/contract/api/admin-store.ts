// The back office's shop: promo codes (the administrator's: they are money) and the reasons parents gave
// for switching auto-renewal off, with their shares.
import { z } from 'zod';
import { PURCHASE_TYPES } from './store';
import { UNSUBSCRIBE_REASON_TITLES } from './renewals';
import { adminListQuery } from './admin';
import { dataOf, listOf, pageOf } from './common';

export const PURCHASE_TYPE_TITLES = {
  subscription: 'Подписка',
  gift: 'Подарок',
  'child-slot': 'Место для ребёнка',
  weeks: 'Пропущенные недели',
  'additional-program': 'Доп. программа',
} as const satisfies Record<(typeof PURCHASE_TYPES)[number], string>;

/** A calendar day that exists (no 30 February) in the years a promotion can run. */
export function isRealDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An empty field of the form may come as null, '' or not at all: each means «no date». */
const isoDate = z
  .union([
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/u, 'Дата — в виде ГГГГ-ММ-ДД')
      .refine(isRealDate, 'Такой даты нет: проверьте день, месяц и год (2000–2100)'),
    z.literal(''),
  ])
  .nullish()
  .transform((v) => (v ? v : null));

export const promoInput = z
  .object({
    code: z
      .string({ error: 'Введите промокод' })
      .trim()
      .toUpperCase()
      .regex(/^[A-ZА-ЯЁ0-9_-]{3,32}$/u, 'Промокод — 3–32 буквы или цифры, без пробелов'),
    kind: z.enum(['percent', 'fixed'], { error: 'Выберите вид скидки' }),
    /** Percent for `percent`, whole roubles for `fixed`. */
    value: z
      .number({ error: 'Укажите размер скидки' })
      .int('Размер скидки — целое число')
      .min(1, 'Скидка — хотя бы 1')
      .max(1_000_000, 'Слишком большая скидка'),
    purchase_types: z.array(z.enum(PURCHASE_TYPES)).max(PURCHASE_TYPES.length).default([]),
    valid_from: isoDate,
    valid_until: isoDate,
    max_uses: z
      .number({ error: 'Число применений — целое число' })
      .int('Число применений — целое число')
      .min(1, 'Хотя бы одно применение')
      .max(10_000_000, 'Слишком много применений')
      .nullish()
      .transform((v) => v ?? null),
    is_active: z.boolean().default(true),
  })
  .refine((v) => v.kind !== 'percent' || v.value <= 100, {
    message: 'Скидка в процентах — от 1 до 100',
    path: ['value'],
  })
  .refine((v) => !v.valid_from || !v.valid_until || v.valid_from <= v.valid_until, {
    message: 'Конец действия — не раньше начала',
    path: ['valid_until'],
  });
export type PromoInput = z.input<typeof promoInput>;

export const adminPromo = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  purchase_types: z.array(z.enum(PURCHASE_TYPES)),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminPromo = z.infer<typeof adminPromo>;
export const adminPromosResponse = pageOf(adminPromo);
export const adminPromoResponse = dataOf(adminPromo);

export const reasonsQuery = adminListQuery.extend({
  /** Only the last N days; absent: all time. */
  days: z.coerce.number().int().min(1).max(3650).optional(),
});

export const unsubscribeReasonEntry = z.object({
  id: z.number().int(),
  reason: z.enum(Object.keys(UNSUBSCRIBE_REASON_TITLES) as [string, ...string[]]),
  title: z.string(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export const unsubscribeReasonsResponse = pageOf(unsubscribeReasonEntry);

export const reasonStat = z.object({
  reason: z.string(),
  title: z.string(),
  count: z.number().int(),
  /** Of all answers in the period, 0–100, one decimal. */
  share: z.number(),
});
export const reasonStatsResponse = listOf(reasonStat);
export const reasonStatsQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
