import { z } from 'zod';
import { AGE_GROUP_SLUGS } from './catalog';
import { dataOf } from './common';

// Plain values live in ./values so the browser's entry chunk can use them without zod.
export { ALREADY_AUTHENTICATED } from './values';

export const PASSWORD_MAX_LENGTH = 256;

/** Trimmed and lower-cased before it is checked, so «Mama@Mail.RU » logs in as mama@mail.ru. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Введите адрес электронной почты')
  .max(254, 'Слишком длинный адрес электронной почты')
  .pipe(z.email('Введите адрес электронной почты в виде name@example.ru'));

export const captchaToken = z.string().max(4096).nullish();

/** ARCHITECTURE §4. The SPA drops its remember-me flag (isSaveAuth) before sending (SPEC §5). */
export const loginBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Введите пароль').max(PASSWORD_MAX_LENGTH, 'Слишком длинный пароль'),
  captcha_token: captchaToken,
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenResponse = dataOf(z.object({ token: z.string() }));
export type TokenResponse = z.infer<typeof tokenResponse>;

/** The one-time code from `/?usertoken=…` (social sign-in), exchanged for a session token. */
export const userTokenBody = z.object({
  usertoken: z.string().trim().min(1, 'Нет кода входа').max(200, 'Неверный код входа'),
});

export const okResponse = dataOf(z.object({ status: z.literal('ok') }));

export const STUDY_MODES = ['schedule', 'free'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

/** SPEC §3 child. A child record holds a name, birth date, avatar and settings — nothing else. */
export const child = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD. */
  birth_date: z.string(),
  age_group: z.enum(AGE_GROUP_SLUGS).nullable(),
  avatar: z.string().nullable(),
  remind_about_lessons: z.boolean(),
  study_mode: z.enum(STUDY_MODES),
});
export type Child = z.infer<typeof child>;

export const profileSubscription = z.object({
  id: z.number().int(),
  title: z.string(),
  is_free: z.boolean(),
  amount_children: z.number().int(),
  /** ISO 8601, UTC. */
  starts_at: z.string(),
  ends_at: z.string(),
  auto_renew: z.boolean(),
});
export type ProfileSubscription = z.infer<typeof profileSubscription>;

/** Whether the video player may play lessons for this family right now. */
export const PLAYER_STATUSES = ['locked', 'available'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

export const USER_ROLES = ['parent', 'admin'] as const;

/** SPEC §3 profile, plus who the user is. */
export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  role: z.enum(USER_ROLES),
  name: z.string(),
  surname: z.string(),
  patronymic: z.string(),
  phone: z.string(),
  region_id: z.number().int().nullable(),
  children: z.array(child),
  subscription: profileSubscription.nullable(),
  playerStatus: z.enum(PLAYER_STATUSES),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = dataOf(profile);
