// The back office's API (/api/admin/*): staff sign-in with a second factor, and the resources the admin app
// edits. Lists follow react-admin's needs: `?page`, `?per_page`, `?sort`, `?order`, filters by name; the
// answer is `{data, meta}` like every list of the school.
import { z } from 'zod';
import { STAFF_ROLES } from './auth';
import { dataOf, pageOf } from './common';

export const TOTP_CODE_REQUIRED = 'Введите шестизначный код из приложения-аутентификатора';
export const TOTP_CODE_WRONG = 'Код не подошёл. Введите код, который сейчас показывает приложение';
/** A staff account without an enrolled factor: only an invitation sets one up. */
export const TOTP_NOT_ENROLLED =
  'Приложение-аутентификатор для этого аккаунта ещё не подключено. Войти можно по приглашению: ' +
  'попросите администратора прислать его ещё раз';
/** The first administrator, not on the server's own machine, without the start-up code. */
export const SETUP_CODE_REQUIRED =
  'Первый вход администратора: введите одноразовый код из терминала, где запущен сервер, ' +
  'или откройте админку на самом сервере (localhost)';
export const SETUP_CODE_WRONG =
  'Код из терминала не подошёл. Он действует до первого входа или перезапуска сервера';

export const staffLoginBody = z.object({
  email: z.string({ error: 'Введите адрес электронной почты' }).trim().min(1).max(254),
  password: z.string({ error: 'Введите пароль' }).min(1, 'Введите пароль').max(256),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/u, TOTP_CODE_WRONG)
    .optional(),
  /** The one-time code the server prints at start-up: the first administrator's way in from afar. */
  setup_code: z.string().trim().max(40, SETUP_CODE_WRONG).optional(),
});
export type StaffLoginBody = z.input<typeof staffLoginBody>;

/**
 * Either a session, or — on the first administrator's first sign-in, from the server's machine or with the
 * start-up code — the secret to add to an authenticator app; the next sign-in with its code (and the same
 * proof) turns the factor on. Every other member of staff enrols through an invitation.
 */
export const staffLoginResponse = dataOf(
  z.object({
    token: z.string().nullable(),
    totp_setup: z.object({ secret: z.string(), uri: z.string() }).nullable(),
  }),
);
export type StaffLoginResult = z.infer<typeof staffLoginResponse>['data'];

export const staffIdentity = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffIdentity = z.infer<typeof staffIdentity>;
export const staffIdentityResponse = dataOf(staffIdentity);

/** react-admin's list parameters. */
export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  sort: z
    .string()
    .regex(/^[a-z_]{1,40}$/u, 'Неизвестное поле сортировки')
    .optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  q: z.string().trim().max(200).optional(),
});

export const idParams = z.object({
  id: z.coerce.number({ error: 'Неверный номер' }).int().min(1).max(2_147_483_647),
});

// Dashboard: the counts and the money are two calls, each answered to the roles that hold it
// (@contract/staff-access: `family-figures`, `revenue`).
export const dashboardResponse = dataOf(
  z.object({
    families: z.number().int(),
    active_subscriptions: z.number().int(),
    trials: z.number().int(),
    open_support_requests: z.number().int(),
  }),
);
export type Dashboard = z.infer<typeof dashboardResponse>['data'];

export const dashboardRevenueResponse = dataOf(
  z.object({
    /** Kopecks paid this calendar month (Moscow time), refunds subtracted. */
    month_revenue: z.number().int(),
    /** The last 30 days, oldest first: the payments chart. */
    payments: z.array(z.object({ date: z.string(), amount: z.number().int(), count: z.number() })),
  }),
);
export type DashboardRevenue = z.infer<typeof dashboardRevenueResponse>['data'];

// Mailing categories and campaigns.
export const adminMailingCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  requires_consent: z.boolean(),
  subscribers: z.number().int(),
  unsubscribed: z.number().int(),
});
export const adminMailingCategoriesResponse = pageOf(adminMailingCategory);
export const adminMailingCategoryResponse = dataOf(adminMailingCategory);
export const mailingCategoriesQuery = z.object({
  requires_consent: z.enum(['true', 'false']).optional(),
});
export const mailingCategoryUpdate = z.object({
  title: z.string().trim().min(1, 'Введите название').max(80, 'Название — до 80 символов'),
  description: z.string().trim().max(300, 'Описание — до 300 символов'),
});

/**
 * A family's weekly letter as it would leave now: `kind` null when it gets none (`reason` says why); a
 * letter that would not reach the family (unsubscribed, no address…) is shown with the reason too.
 */
export const weeklyLetterPreview = z.object({
  kind: z.enum(['letter', 'nudge']).nullable(),
  reason: z.string().nullable(),
  mail: z.object({ subject: z.string(), html: z.string(), text: z.string() }).nullable(),
});
export type WeeklyLetterPreview = z.infer<typeof weeklyLetterPreview>;
export const weeklyLetterPreviewResponse = dataOf(weeklyLetterPreview);

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;

const httpsUrl = z
  .string()
  .trim()
  .max(500, 'Ссылка — до 500 символов')
  .refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Введите ссылку целиком, начиная с https://');

export const campaignInput = z
  .object({
    category_id: z.number({ error: 'Выберите рассылку' }).int().positive('Выберите рассылку'),
    subject: z
      .string({ error: 'Введите тему письма' })
      .trim()
      .min(1, 'Введите тему письма')
      .max(150, 'Тема — до 150 символов')
      .regex(/^\P{Cc}*$/u, 'Тема пишется одной строкой'),
    body: z
      .string({ error: 'Напишите текст письма' })
      .trim()
      .min(10, 'Напишите текст письма — хотя бы 10 символов')
      .max(10_000, 'Текст — до 10 000 символов'),
    button_label: z
      .string()
      .trim()
      .max(40, 'Надпись на кнопке — до 40 символов')
      .nullish()
      .transform((v) => (v ? v : null)),
    button_url: z
      .union([httpsUrl, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => (v.button_label === null) === (v.button_url === null), {
    message: 'У кнопки должны быть и надпись, и ссылка — или уберите обе',
    path: ['button_url'],
  });
export type CampaignInput = z.input<typeof campaignInput>;

export const adminCampaign = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  button_label: z.string().nullable(),
  button_url: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  recipients: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type AdminCampaign = z.infer<typeof adminCampaign>;
export const adminCampaignsResponse = pageOf(adminCampaign);
export const adminCampaignResponse = dataOf(adminCampaign);

export const campaignDelivery = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['pending', 'sent', 'skipped', 'failed']),
  note: z.string().nullable(),
  sent_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export const campaignDeliveriesResponse = pageOf(campaignDelivery);

// Support requests.
export const adminSupportRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(['new', 'answered']),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequest>;
export const adminSupportRequestsResponse = pageOf(adminSupportRequest);
export const adminSupportRequestResponse = dataOf(adminSupportRequest);
export const supportListQuery = adminListQuery.extend({
  status: z.enum(['new', 'answered']).optional(),
});
export const supportAnswerBody = z.object({
  answer: z
    .string({ error: 'Напишите ответ' })
    .trim()
    .min(2, 'Напишите ответ')
    .max(10_000, 'Ответ — до 10 000 символов'),
});

// Audit log.
export const auditEntry = z.object({
  id: z.number().int(),
  actor_email: z.string(),
  action: z.string(),
  resource: z.string(),
  record_id: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export const auditResponse = pageOf(auditEntry);
