// Mailing by category: what a parent receives and how they leave it — from the personal area (signed in) or
// from the link in any mailing (no login: the link's token is carried as the mailing's "extra" header or field).
import { z } from 'zod';
import { dataOf, listOf } from './common';

/** The header a page opened from a mail link sends on GET: the token from its `?token=`. */
export const MAILING_TOKEN_HEADER = 'x-mailing-token';

/** The categories the school's own code sends (campaigns may go to any category). */
export const MAILING_CATEGORY_SLUGS = {
  news: 'news',
  offers: 'offers',
  lessonReminders: 'lesson_reminders',
  tips: 'tips',
  weeklyLetter: 'weekly_letter',
} as const;

export const MAILING_LINK_INVALID =
  'Ссылка для отписки не подошла. Откройте её из последнего письма или войдите в личный кабинет.';

export const mailingCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
});
export type MailingCategory = z.infer<typeof mailingCategory>;

export const mailingCategoriesResponse = listOf(mailingCategory);

const token = z
  .string({ error: MAILING_LINK_INVALID })
  .trim()
  .min(1, MAILING_LINK_INVALID)
  .max(200, MAILING_LINK_INVALID);

/** The mailing's "extra fields": the link's token when the page was opened from a mail. */
export const mailingExtra = z
  .object({ token: token.optional() }, { error: 'Поле extra должно быть объектом' })
  .optional();

export const mailingChoiceBody = z.object({
  categories: z
    .array(z.number({ error: 'Выберите рассылку' }).int('Выберите рассылку').positive(), {
      error: 'Выберите рассылки',
    })
    .min(1, 'Выберите хотя бы одну рассылку')
    .max(50, 'Слишком много рассылок в одном запросе'),
  extra: mailingExtra,
});
export type MailingChoiceBody = z.input<typeof mailingChoiceBody>;

export const unsubscribeAllBody = z.object({
  /** true: leave every mailing; false: receive them all again. */
  value: z.boolean({ error: 'Укажите, отписаться ли от всех рассылок' }),
  extra: mailingExtra,
});
export type UnsubscribeAllBody = z.input<typeof unsubscribeAllBody>;

export const mailingTokenHeaders = z.object({ [MAILING_TOKEN_HEADER]: token.optional() });

/** From a mail's link a parent leaves anything but joins only what needs no consent, or takes back the link's own. */
export const LINK_CANNOT_SUBSCRIBE =
  'Подписаться на эту рассылку можно в личном кабинете: войдите и включите её в профиле';

export const mailingState = z.object({
  /** The recipient's address, partly hidden when the page was opened from a link. */
  email: z.string(),
  categories: z.array(
    mailingCategory.extend({
      subscribed: z.boolean(),
      /** Advertising: joining it records the parent's consent, so it is done signed in. */
      requires_consent: z.boolean(),
    }),
  ),
  /** The category of the mail whose link was opened; null in the personal area. */
  link_category_id: z.number().int().nullable(),
  unsubscribed_from_all: z.boolean(),
});
export type MailingState = z.infer<typeof mailingState>;

export const mailingStateResponse = dataOf(mailingState);
