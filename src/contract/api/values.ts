// Plain values of the API contract, free of zod: the browser's entry chunk imports these without pulling
// in the schema library (the landing's JavaScript budget). Schema files should re-export from here.

/** docs/ARCHITECTURE.md «Error codes»: the client reloads the page when errors.error[0] is exactly this. */
export const ALREADY_AUTHENTICATED = 'Already authenticated';

/** The family's owner pays and decides; a caregiver (a grandparent, a nanny) shares its children and lessons. */
export const FAMILY_ROLES = ['owner', 'caregiver'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];
// Here, not in ./caregivers (zod): the web's error texts read them without pulling zod into the app's start.
/** At most this many caregivers per family, pending invitations included. */
export const MAX_CAREGIVERS = 5;
/** How long a caregiver's invitation link works. */
export const CAREGIVER_INVITATION_DAYS = 7;

/** Invite a friend (docs/PRODUCT.md «Invite a friend»): the invited family's trial, in days. */
export const REFERRAL_TRIAL_DAYS = 14;
/** Days of subscription the inviter gets for each invited family's first payment. */
export const REFERRAL_REWARD_DAYS = 30;
/** Rewards an inviter can get in any 365 days. */
export const REFERRAL_MAX_PER_YEAR = 12;
/** A refund of the invited family's first order this soon after the payment takes the reward back. */
export const REFERRAL_REFUND_WINDOW_DAYS = 14;

/**
 * The stable machine-readable `code` of every error body (docs/ARCHITECTURE.md): clients decide on these,
 * never on the Russian text, which may be reworded at any time.
 */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  alreadyAuthenticated: 'already_authenticated',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  validationFailed: 'validation_failed',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  /** The consent step of a social sign-up is unknown here, spent, refused or past its time. */
  socialSignupExpired: 'social_signup_expired',
  /** Only an account without an address (a social one that shared none) may add one. */
  emailNotAddable: 'email_not_addable',
  noFreeChildSlot: 'no_free_child_slot',
  trialUsed: 'trial_used',
  subscriptionActive: 'subscription_active',
  /** A lesson the child may not watch now (no subscription, week not open, program not bought…). */
  lessonClosed: 'lesson_closed',
  captchaFailed: 'captcha_failed',
  /** Support answers by mail: a signed-in parent confirms their address first. */
  emailUnconfirmed: 'email_unconfirmed',
  /** An unsubscribe link whose token the school never issued (or whose mail was purged). */
  mailingLinkInvalid: 'mailing_link_invalid',
  /** The back office's sign-in wants the authenticator app's code. */
  secondFactorRequired: 'second_factor_required',
  /** A staff account without an authenticator app: it signs in after accepting an invitation. */
  secondFactorNotEnrolled: 'second_factor_not_enrolled',
  /** The first administrator's first sign-in from another machine: the start-up code is asked. */
  setupCodeRequired: 'setup_code_required',
  /** An invitation link that is unknown, spent or past its 24 hours. */
  invitationInvalid: 'invitation_invalid',
  rateLimited: 'rate_limited',
  /** A caregiver asked for what only the family's owner may do: buying, cards, children, invitations. */
  ownerOnly: 'owner_only',
  /** A caregiver's invitation that is unknown, spent or past its 7 days. */
  caregiverInvitationInvalid: 'caregiver_invitation_invalid',
  /** The family already has its 5 caregivers (pending invitations count). */
  caregiversFull: 'caregivers_full',
  /** The account accepting an invitation already has a family: its own children or another's. */
  alreadyInFamily: 'already_in_family',
  /** The back office asked to send a family's weekly letter now, and the family would get none. */
  weeklyLetterUnavailable: 'weekly_letter_unavailable',
  /** The payment gateway refused what the school asked (a refund): nothing was changed here. */
  bankRefused: 'bank_refused',
  internalError: 'internal_error',
  serviceUnavailable: 'service_unavailable',
  requestTimeout: 'request_timeout',
  /** The request's headers (cookies mostly) are past what the server reads: 431. */
  headersTooLarge: 'headers_too_large',
  /** A lesson file upload without the tus protocol's version header: 412. */
  uploadProtocolRequired: 'upload_protocol_required',
  /** An unfinished lesson file upload kept past its day: 410, start again. */
  uploadExpired: 'upload_expired',
  /** A lesson file whose last chunk is in and being checked: 423, wait for the result. */
  uploadBeingChecked: 'upload_being_checked',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Russian messages for the statuses the API returns (docs/ARCHITECTURE.md). */
export const STATUS_MESSAGES = {
  400: 'Некорректный запрос',
  401: 'Войдите в личный кабинет',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Конфликт данных',
  413: 'Слишком большой запрос',
  408: 'Запрос шёл слишком долго',
  415: 'Неподдерживаемый формат данных',
  422: 'Проверьте введённые данные',
  429: 'Слишком много запросов. Попробуйте чуть позже',
  500: 'Что-то пошло не так. Мы уже разбираемся',
  502: 'Банк не выполнил запрос',
  503: 'Сервис временно недоступен. Попробуйте через минуту',
} as const;

/** The age group the programs section opens with (docs/PRODUCT.md «Screens and routes»: programs → main-program two-three). */
export const DEFAULT_AGE_GROUP_SLUG = 'two-three';

export const AGE_GROUP_SLUGS = [
  'two-three',
  'three-four',
  'four-five',
  'five-six',
  'six-seven',
] as const;
export type AgeGroupSlug = (typeof AGE_GROUP_SLUGS)[number];

/** The ages of each group as people say them (the back office shows these, not the slugs). */
export const AGE_GROUP_AGES: Record<AgeGroupSlug, string> = {
  'two-three': '2–3 года',
  'three-four': '3–4 года',
  'four-five': '4–5 лет',
  'five-six': '5–6 лет',
  'six-seven': '6–7 лет',
};
export const DEFAULT_AGE_GROUP: AgeGroupSlug = DEFAULT_AGE_GROUP_SLUG;

/**
 * The hours a family may pick for its lesson reminders (docs/PRODUCT.md «Mailings»), by its region's clock:
 * from 08:00 to 20:00, so a letter never comes at night (21:00–08:00).
 */
export const REMINDER_HOURS = { first: 8, last: 20, default: 18 } as const;
