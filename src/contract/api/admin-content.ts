// The back office's texts: the landing blocks with their key_values, static pages and help instructions.
// HTML typed here is sanitised on save and again on every read of the site.
import { z } from 'zod';
import { landingData } from './content';
import { dataOf, pageOf } from './common';

const text = (label: string, max: number) =>
  z
    .string({ error: `Заполните поле «${label}»` })
    .trim()
    .max(max, `«${label}» — не длиннее ${max} символов`);

const htmlBody = z
  .string({ error: 'Напишите текст' })
  .trim()
  .min(1, 'Напишите текст')
  .max(200_000, 'Текст слишком длинный: до 200 000 символов');

/** key_values are edited as a list of pairs; keys are latin words (`footer_html`, `phone`…). */
export const keyValuePair = z.object({
  key: z
    .string({ error: 'Введите ключ' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/u, 'Ключ — латинские буквы, цифры и «_», до 40 символов'),
  value: z.string({ error: 'Введите значение' }).max(20_000, 'Значение — до 20 000 символов'),
});

/** The landing as the back office edits it: the site's fields, with key_values as a list of pairs. */
export const adminLanding = landingData.omit({ key_values: true }).extend({
  id: z.number().int(),
  key_values: z.array(keyValuePair),
  updated_at: z.string(),
});
export type AdminLanding = z.infer<typeof adminLanding>;
export const adminLandingsResponse = pageOf(adminLanding);
export const adminLandingResponse = dataOf(adminLanding);

export const landingUpdate = z
  .object({
    banner_description: text('Описание баннера', 500),
    banner_text: text('Текст баннера', 1000),
    video_heading: text('Заголовок видео', 200),
    video_link: text('Ссылка на видео', 500),
    video_poster: text('Обложка видео', 500),
    promo_button: text('Кнопка промо', 60),
    promo_text: text('Текст промо', 1000),
    special_text: text('Специальный текст', 1000),
    offer_percent: z
      .number({ error: 'Скидка — число от 0 до 100' })
      .int('Скидка — целое число')
      .min(0, 'Скидка — от 0 до 100')
      .max(100, 'Скидка — от 0 до 100'),
    key_values: z.array(keyValuePair).max(50, 'Не больше 50 значений'),
  })
  .refine((v) => new Set(v.key_values.map((p) => p.key)).size === v.key_values.length, {
    message: 'Ключи не должны повторяться',
    path: ['key_values'],
  });

export const adminPage = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  version: z.string(),
  updated_at: z.string(),
});
export const adminPagesResponse = pageOf(adminPage);
export const adminPageResponse = dataOf(adminPage);
export const pageUpdate = z.object({
  title: text('Заголовок', 200).min(1, 'Введите заголовок'),
  body_html: htmlBody,
  version: z
    .string({ error: 'Введите версию' })
    .trim()
    .regex(/^[0-9A-Za-z.-]{1,20}$/u, 'Версия — например, 2 или 2026-11'),
});

export const adminInstruction = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body_html: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export const adminInstructionsResponse = pageOf(adminInstruction);
export const adminInstructionResponse = dataOf(adminInstruction);
export const instructionInput = z.object({
  slug: z
    .string({ error: 'Введите адрес' })
    .trim()
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/u,
      'Адрес — латинские буквы и цифры через дефис, например kak-smotret-uroki',
    )
    .max(100, 'Адрес — до 100 символов'),
  title: text('Заголовок', 200).min(1, 'Введите заголовок'),
  body_html: htmlBody,
  position: z
    .number({ error: 'Порядок — целое число' })
    .int('Порядок — целое число')
    .min(0, 'Порядок — от 0')
    .max(10_000, 'Порядок — до 10 000'),
});
