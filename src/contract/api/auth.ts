import { z } from 'zod';
import { AGE_GROUP_SLUGS } from './catalog';
import { dataOf } from './common';
import { EMAIL_MESSAGES, normalizeEmail, storedEmailProblem } from '../email';
import { PASSWORD_MAX_LENGTH, newPasswordField } from './password';
import { NAME_INVALID, personNameField } from './profile';

// Plain values live in ./values so the browser's entry chunk can use them without zod.
export { ALREADY_AUTHENTICATED } from './values';
import { FAMILY_ROLES } from './values';
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, newPasswordField } from './password';

/** reCAPTCHA v3 action of each guarded form (src/server/integrations/captcha/README.md); the server checks the token was made for it. */
export const CAPTCHA_ACTIONS = {
  login: 'login',
  register: 'register',
  passwordEmail: 'password_email',
  support: 'support',
} as const;

/**
 * The address in its stored form (src/contract/email.ts): trimmed, lower-cased, the domain in punycode, so
 * «Mama@Mail.RU » logs in as mama@mail.ru and «ОЛЯ@ПОЧТА.РФ» as оля@xn--80a1acny.xn--p1ai.
 */
export const emailField = z
  .string()
  .max(1000, EMAIL_MESSAGES.tooLong)
  .transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: EMAIL_MESSAGES.required });
      return z.NEVER;
    }
    const stored = normalizeEmail(value);
    const problem = stored === null ? EMAIL_MESSAGES.invalid : storedEmailProblem(stored);
    if (stored === null || problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem ?? EMAIL_MESSAGES.invalid });
      return z.NEVER;
    }
    return stored;
  });

export const captchaToken = z.string().max(4096).nullish();

/** docs/ARCHITECTURE.md. The SPA drops its remember-me flag (isSaveAuth) before sending (docs/PRODUCT.md «Product rules»). */
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
export type OkResponse = z.infer<typeof okResponse>;

/** The document a parent agrees to for personal-data processing (GET /page/personal-data-consent). */
export const PERSONAL_DATA_CONSENT_SLUG = 'personal-data-consent';
/**
 * The mailing consent is a checkbox, not a page: its wording is the document, versioned here. Change the
 * version whenever the wording changes, so the stored consents say which text was agreed to.
 */
export const MAILING_CONSENT = {
  slug: 'mailing-consent',
  version: '1',
  text: 'Хочу получать письма о новых уроках, акциях и подарках',
} as const;

export const EMAIL_TAKEN = 'Этот адрес уже зарегистрирован. Войдите или восстановите пароль.';

/**
 * POST /auth/register (docs/ARCHITECTURE.md), with the page's query string (ref, utm_*). The SPA adds
 * `ref=<referrer_code from local storage>` when the page's own query has none; a `ref` cookie also counts.
 */
export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  name: personNameField({ required: 'Введите имя', invalid: NAME_INVALID }),
  captcha_token: captchaToken,
  consent_personal_data: z.literal(true, {
    error: 'Без согласия на обработку персональных данных зарегистрироваться нельзя',
  }),
  consent_mailing: z.boolean().optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

/** One query parameter as Fastify parses it: a repeated one arrives as a list. */
const queryValue = z.union([z.string(), z.array(z.string())]);

/**
 * The page's query string: anything goes (a loose object: undeclared parameters pass too, so a stray one
 * never fails a registration); the server keeps ref and the marketing parameters. Those are declared so
 * that the API description names them.
 */
export const registerQuery = z.looseObject({
  ref: queryValue.optional().describe('Код приглашения (иначе — из cookie ref)'),
  utm_source: queryValue.optional(),
  utm_medium: queryValue.optional(),
  utm_campaign: queryValue.optional(),
  utm_content: queryValue.optional(),
  utm_term: queryValue.optional(),
  yclid: queryValue.optional(),
  gclid: queryValue.optional(),
});

/** GET /auth/register/verification?verified_token=… (the link of the confirmation mail). */
export const verificationQuery = z.object({
  verified_token: z
    .string({ error: 'В ссылке нет кода подтверждения' })
    .trim()
    .min(1, 'В ссылке нет кода подтверждения')
    .max(200, 'Ссылка для подтверждения недействительна'),
});

/**
 * POST /profile/email: an account without an address (a social sign-up that shared none) adds one; it
 * becomes the account's address once the link mailed to it is followed.
 */
export const addEmailBody = z.object({ email: emailField });
export type AddEmailBody = z.input<typeof addEmailBody>;

/** POST /auth/password/email: always 200, whether or not the address has an account. */
export const passwordEmailBody = z.object({ email: emailField, captcha_token: captchaToken });
export type PasswordEmailBody = z.input<typeof passwordEmailBody>;

/** POST /auth/password/reset: token and email come from the link `/password-reset?token=…&email=…`. */
export const passwordResetBody = z.object({
  token: z
    .string({ error: 'В ссылке нет кода для смены пароля' })
    .trim()
    .min(1, 'В ссылке нет кода для смены пароля')
    .max(200, 'Ссылка для смены пароля недействительна'),
  email: emailField,
  password: newPasswordField,
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;

export const STUDY_MODES = ['schedule', 'free'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

/** docs/PRODUCT.md «Product rules» child. A child record holds a name, birth date, avatar and settings — nothing else. */
export const child = z.object({
  id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD. */
  birth_date: z.string(),
  age_group: z.enum(AGE_GROUP_SLUGS).nullable(),
  avatar: z.string().nullable(),
  remind_about_lessons: z.boolean(),
  study_mode: z.enum(STUDY_MODES),
  /** Screen time (./screen-time): minutes of lessons a Moscow day; null — no limit. */
  daily_limit_minutes: z.number().int().nullable(),
  /** Screen time: the Moscow hour from which no lessons play that day; null — none. */
  no_lessons_after: z.number().int().nullable(),
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

/** Staff roles run the back office: administrator (everything), editor (content), support (families). */
export const STAFF_ROLES = ['admin', 'editor', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const USER_ROLES = ['parent', ...STAFF_ROLES] as const;

export const SOCIAL_NETWORKS = ['vk', 'fb'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** docs/PRODUCT.md «Product rules» profile, plus who the user is. */
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
  /** The hour (8–20) the family's lesson reminders go out at, by the clock of `time_zone`. */
  reminder_hour: z.number().int(),
  /** The IANA time zone of the parent's region; Europe/Moscow without one. */
  time_zone: z.string(),
  children: z.array(child),
  subscription: profileSubscription.nullable(),
  playerStatus: z.enum(PLAYER_STATUSES),
  /** Linked sign-in providers. */
  social_networks: z.array(z.enum(SOCIAL_NETWORKS)),
  /** False for an account made through VK ID or Facebook that never set a password. */
  has_password: z.boolean(),
  /** The separate mailing consent is given and not withdrawn. */
  consent_mailing: z.boolean(),
  /**
   * «owner»: the parent who pays. «caregiver»: a grown-up invited into another parent's family; children,
   * subscription, region, time zone and reminder hour above are that family's.
   */
  family_role: z.enum(FAMILY_ROLES),
  /** The owner's name (or masked address) for a caregiver; null for an owner. */
  family_owner: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = dataOf(profile);
