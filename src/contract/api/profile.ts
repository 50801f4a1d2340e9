// Requests of the personal area's profile screen (docs/ARCHITECTURE.md): the parent's own data, password and
// erasure. The profile itself (GET /profile/show) is in ./auth.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, newPasswordField } from './password';
import { REMINDER_HOURS } from './values';

export { newPasswordField, PASSWORD_MIN_LENGTH } from './password';

export const NAME_MAX_LENGTH = 50;

const LETTERS = 'A-Za-zА-Яа-яЁё';
/** Words of letters joined by spaces, hyphens or apostrophes: «Анна-Мария», «д’Артаньян», «O'Neil». */
const NAME_PATTERN = new RegExp(`^[${LETTERS}]+(?:[ '’-]+[${LETTERS}]+)*$`);

/**
 * A person's name part: Cyrillic or Latin letters, spaces, hyphens, apostrophes; at most 50 characters.
 * Runs of spaces collapse to one. `required` false lets an empty string through (the field is cleared).
 */
export function personNameField(options: { required: string | false; invalid: string }) {
  return z
    .string()
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .superRefine((value, ctx) => {
      if (value === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: options.required });
        return;
      }
      if (value.length > NAME_MAX_LENGTH) {
        ctx.addIssue({ code: 'custom', message: `Не длиннее ${NAME_MAX_LENGTH} символов` });
      } else if (!NAME_PATTERN.test(value)) {
        ctx.addIssue({ code: 'custom', message: options.invalid });
      }
    });
}

export const NAME_INVALID = 'Только русские или латинские буквы, пробел, дефис и апостроф';

// Non-breaking spaces: the number never breaks between «+7» and «9XX».
export const PHONE_INVALID = 'Введите российский мобильный номер: +7\u00a09XX\u00a0XXX-XX-XX';

/**
 * A Russian mobile number in any usual spelling (+7, 7 or 8 first, or just the ten digits; spaces,
 * brackets, dashes) → +79XXXXXXXXX; null when it is not one.
 */
export function normalizeRussianMobile(input: string): string | null {
  const compact = input.replace(/[\s()\-‐‑–—.]/g, '');
  const match = /^(?:\+7|7|8)?(9\d{9})$/.exec(compact);
  return match ? `+7${match[1]}` : null;
}

/** Empty clears the number; anything else must be a Russian mobile number, stored normalised. */
export const phoneField = z
  .string()
  .max(40, PHONE_INVALID)
  .transform((value, ctx) => {
    if (value.trim() === '') return '';
    const phone = normalizeRussianMobile(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  });

export const REGION_INVALID = 'Выберите регион из списка';

/** An id from GET /regions; empty string or null clears it. */
export const regionIdField = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z
    .number({ error: REGION_INVALID })
    .int(REGION_INVALID)
    .positive(REGION_INVALID)
    .max(2_147_483_647, REGION_INVALID)
    .nullable(),
);

export const REMINDER_HOUR_INVALID = `Выберите час с ${REMINDER_HOURS.first}:00 до ${REMINDER_HOURS.last}:00`;

/** The hour of the family's lesson reminders: a whole hour from 8 to 20. */
export const reminderHourField = z
  .number({ error: REMINDER_HOUR_INVALID })
  .int(REMINDER_HOUR_INVALID)
  .min(REMINDER_HOURS.first, REMINDER_HOUR_INVALID)
  .max(REMINDER_HOURS.last, REMINDER_HOUR_INVALID);

/** POST /profile/update. Every field may be left out (it stays as it is); name cannot be emptied. */
export const profileUpdateBody = z.object({
  name: personNameField({ required: 'Введите имя', invalid: NAME_INVALID }).optional(),
  surname: personNameField({ required: false, invalid: NAME_INVALID }).optional(),
  patronymic: personNameField({ required: false, invalid: NAME_INVALID }).optional(),
  phone: phoneField.optional(),
  region_id: regionIdField.optional(),
  reminder_hour: reminderHourField.optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/**
 * POST /profile/password. current_password may be left out only by an account that has no password yet
 * (signed up through VK ID or Facebook): it sets its first one.
 */
export const changePasswordBody = z.object({
  current_password: z.string().max(PASSWORD_MAX_LENGTH, 'Слишком длинный пароль').optional(),
  password: newPasswordField,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The word a parent without a password types to confirm erasure. */
export const DELETE_CONFIRMATION_WORD = 'УДАЛИТЬ';

/**
 * POST /profile/delete (152-FZ erasure of the parent and the children's data). An account with a password
 * confirms with it; one without (social sign-in only) with the word УДАЛИТЬ.
 */
export const deleteAccountBody = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH, 'Слишком длинный пароль').optional(),
  confirm: z.string().max(50).optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
