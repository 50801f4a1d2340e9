// «Служба поддержки»: a request from the support form (a guest or a parent), answered by mail.
import { z } from 'zod';
import { captchaToken, emailField } from './auth';
import { dataOf } from './common';

export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_MESSAGE_MIN = 10;

export const supportBody = z.object({
  // One line: runs of spaces and line breaks become one space (the name goes into a mail's subject).
  name: z
    .string({ error: 'Напишите, как к вам обращаться' })
    .transform((value) => value.replace(/\s+/gu, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'Напишите, как к вам обращаться')
        .max(100, 'Имя — не длиннее 100 символов')
        .regex(/^\P{Cc}*$/u, 'В имени не должно быть служебных символов'),
    ),
  /** A signed-in parent's own address is used instead: the answer goes to the account. */
  email: emailField,
  message: z
    .string({ error: 'Опишите вопрос' })
    .trim()
    .min(SUPPORT_MESSAGE_MIN, 'Опишите вопрос чуть подробнее — хотя бы 10 символов')
    .max(SUPPORT_MESSAGE_MAX, 'Сообщение — не длиннее 5000 символов'),
  captcha_token: captchaToken,
});
export type SupportBody = z.input<typeof supportBody>;

export const supportResponse = dataOf(
  z.object({
    /** The request's number, for the parent's reference. */
    id: z.number().int(),
    /** Where the answer will come. */
    email: z.string(),
  }),
);
export type SupportReceipt = z.infer<typeof supportResponse>['data'];
