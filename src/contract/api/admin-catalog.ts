// The back office's catalogue: tariffs (subscriptions and gifts), the prices of additional programs and of a
// skipped week of a main program, and gift certificates. Prices are typed in whole roubles and kept in
// kopecks (like a promo code's sum); the administrator changes them, support reads them.
import { z } from 'zod';
import { adminListQuery } from './admin';
import { dataOf, pageOf } from './common';

export const TARIFF_KIND_TITLES = {
  subscription: 'Подписка',
  gift: 'Подарочная подписка',
} as const;
export const ADMIN_TARIFF_KINDS = ['subscription', 'gift'] as const;

/** At most this many children on one tariff or offer (the database says so too). */
export const MAX_AMOUNT_CHILDREN = 10;
export const MAX_TARIFF_MONTHS = 60;
export const MAX_TRIAL_DAYS = 60;
/** The largest price the back office takes, roubles. */
export const MAX_PRICE_ROUBLES = 1_000_000;

/** Whole roubles, as the forms take them; a price of 0 is allowed only where the server says so. */
const roubles = (min = 0, minMessage = 'Цена не может быть меньше нуля') =>
  z
    .number({ error: 'Укажите цену в рублях' })
    .int('Цена — целое число рублей')
    .min(min, minMessage)
    .max(MAX_PRICE_ROUBLES, 'Слишком большая цена: не больше 1 000 000 ₽');

const amountChildren = z
  .number({ error: 'Укажите, на скольких детей' })
  .int('Число детей — целое')
  .min(1, `Детей — от 1 до ${MAX_AMOUNT_CHILDREN}`)
  .max(MAX_AMOUNT_CHILDREN, `Детей — от 1 до ${MAX_AMOUNT_CHILDREN}`);

/** A title shown in the store, in mails and on the bank's receipt (which keeps 100 characters). */
const title = z
  .string({ error: 'Введите название' })
  .trim()
  .min(2, 'Название — хотя бы 2 знака')
  .max(100, 'Название — не длиннее 100 знаков')
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[<>\u0000-\u001f\u007f]/u.test(v), 'Название — без знаков < и > и переносов');

export const tariffInput = z.object({
  kind: z.enum(ADMIN_TARIFF_KINDS, { error: 'Выберите: подписка или подарок' }),
  title,
  /** Months; the free trial has 0 and is measured in trial_days. */
  duration: z
    .number({ error: 'Укажите срок в месяцах' })
    .int('Срок — целое число месяцев')
    .min(0, 'Срок — от 1 месяца')
    .max(MAX_TARIFF_MONTHS, `Срок — не больше ${MAX_TARIFF_MONTHS} месяцев`),
  amount_children: amountChildren,
  /** Whole roubles. */
  price: roubles(),
  /** Only the free trial's: its length in days. */
  trial_days: z
    .number({ error: 'Длина пробного периода — целое число дней' })
    .int('Длина пробного периода — целое число дней')
    .min(0, 'Длина пробного периода — целое число дней')
    .max(MAX_TRIAL_DAYS, `Пробный период — не дольше ${MAX_TRIAL_DAYS} дней`)
    .nullish()
    .transform((v) => v ?? 0),
  is_active: z.boolean({ error: 'Продаётся — да или нет' }).default(true),
});
export type TariffInput = z.input<typeof tariffInput>;

export const adminTariff = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(ADMIN_TARIFF_KINDS),
  title: z.string(),
  duration: z.number().int(),
  amount_children: z.number().int(),
  /** Roubles (kopecks / 100). */
  price: z.number(),
  is_free: z.boolean(),
  trial_days: z.number().int(),
  is_active: z.boolean(),
  /**
   * Someone bought, was given or renews it: its kind, months and children are fixed (what families got),
   * and it can be switched off but not deleted.
   */
  sold: z.boolean(),
  /** Families whose auto-renewal charges this tariff. */
  renewals: z.number().int(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AdminTariff = z.infer<typeof adminTariff>;
export const adminTariffsResponse = pageOf(adminTariff);
export const adminTariffResponse = dataOf(adminTariff);

const booleanFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const tariffsListQuery = adminListQuery.extend({
  kind: z.enum(ADMIN_TARIFF_KINDS).optional(),
  is_active: booleanFilter,
});

// Additional programs: the offers (one per number of children) and their prices. The programs themselves
// (texts, lessons, «скоро», shown or not) are content, edited elsewhere.
export const offerInput = z.object({
  /** An existing offer's id; absent for a new one. */
  id: z.number().int().min(1).max(2_147_483_647).nullish(),
  amount_children: amountChildren,
  price: roubles(1, 'Цена — хотя бы 1 ₽'),
  is_active: z.boolean({ error: 'Продаётся — да или нет' }).default(true),
});

export const programPricesInput = z.object({
  offers: z
    .array(offerInput, { error: 'Список цен — массив' })
    .max(MAX_AMOUNT_CHILDREN, `Не больше ${MAX_AMOUNT_CHILDREN} цен у программы`),
});
export type ProgramPricesInput = z.input<typeof programPricesInput>;

export const adminOffer = z.object({
  id: z.number().int(),
  amount_children: z.number().int(),
  price: z.number(),
  is_active: z.boolean(),
  /** Someone bought or is buying it: the number of children is fixed and it cannot be removed. */
  sold: z.boolean(),
});
export type AdminOffer = z.infer<typeof adminOffer>;

export const adminProgramPrices = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** «Скоро»: shown with a lock, not sold whatever its offers say. */
  locked: z.boolean(),
  /** Shown on the site at all (the program's own switch, edited with its content). */
  program_active: z.boolean(),
  offers: z.array(adminOffer),
});
export type AdminProgramPrices = z.infer<typeof adminProgramPrices>;
export const adminProgramPricesListResponse = pageOf(adminProgramPrices);
export const adminProgramPricesResponse = dataOf(adminProgramPrices);

// A skipped week of a main program bought on its own.
export const weekPriceInput = z.object({
  week_price: roubles(1, 'Неделя стоит хотя бы 1 ₽'),
});
export const adminWeekPrice = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  age_group: z.string(),
  is_active: z.boolean(),
  /** Roubles. */
  week_price: z.number(),
});
export type AdminWeekPrice = z.infer<typeof adminWeekPrice>;
export const adminWeekPricesResponse = pageOf(adminWeekPrice);
export const adminWeekPriceResponse = dataOf(adminWeekPrice);

// Gift certificates.
export const CERTIFICATE_STATUSES = ['active', 'off', 'activated', 'expired', 'cancelled'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_STATUS_TITLES: Record<CertificateStatus, string> = {
  active: 'Можно активировать',
  off: 'Выключен покупателем',
  activated: 'Активирован',
  expired: 'Истёк',
  cancelled: 'Отменён',
};

export const certificatesListQuery = adminListQuery.extend({
  status: z.enum(CERTIFICATE_STATUSES).optional(),
});

export const certificateCancelBody = z.object({
  reason: z
    .string({ error: 'Напишите, почему сертификат отменяется' })
    .trim()
    .min(3, 'Напишите, почему сертификат отменяется')
    .max(500, 'Причина — не длиннее 500 знаков'),
});

export const adminCertificate = z.object({
  id: z.number().int(),
  /** The whole code for the administrator; support sees its first group only (the code is the gift). */
  code: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  tariff_id: z.number().int(),
  title: z.string(),
  duration: z.number().int(),
  amount_children: z.number().int(),
  /** What the buyer paid, kopecks. */
  paid: z.number().int(),
  /** The order that paid for it: where its money is returned («Вернуть деньги»). */
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  buyer_id: z.number().int().nullable(),
  buyer_email: z.string().nullable(),
  sent_to: z.string().nullable(),
  sent_at: z.string().nullable(),
  activated_by_email: z.string().nullable(),
  activated_at: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
export const adminCertificatesResponse = pageOf(adminCertificate);
export const adminCertificateResponse = dataOf(adminCertificate);
