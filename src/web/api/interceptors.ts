import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ERROR_CODES, type ErrorCode } from '@contract/api/values';
import { pluralize } from '@contract/plural';
import { MAX_CAREGIVERS } from '@contract/api/values';
import type { PublicConfig } from '@contract/api/config';
import { api } from './client';
import { publicConfigKey } from './config';
import { queryClient } from './query-client';
import { clearSession, getToken } from './session';
import { connectionSaidElsewhere, reportError } from './error-reports';
import { reloadPage } from '../lib/reload';
import { readShowErrorDetail, SHOW_ERROR_EVENT } from '../lib/show-error';

/** docs/ARCHITECTURE.md «Error codes»: failures of these calls are handled by their screens, not by the global error modal. */
export const SELF_HANDLED_URL_FRAGMENTS = [
  'auth/login',
  'auth/register',
  'password/email',
  'password/reset',
  'profile/update',
  '/web/promocode',
  '/profile/reason-for-unsubscribe',
  '/user-support',
  '/payments/sberbank/get-order-state',
  '/web/gifts',
  '/web/subscriptions',
  '/send-email',
  '/store/subscription/activate',
  '/store/web/gift/send',
  'profile/achievements/video',
] as const;

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The screen that sent this request shows its errors itself (next to the form), so the global error
     * modal stays closed. The list above (docs/ARCHITECTURE.md «Error codes») covers the calls it names; screens built since opt out
     * per request rather than growing that list.
     */
    handlesErrors?: boolean;
  }
}

/** Whether a failed request was left to the global error modal (docs/ARCHITECTURE.md «Error codes»). */
export function reportsGlobally(config: InternalAxiosRequestConfig | undefined): boolean {
  return !config?.handlesErrors && !isSelfHandled(requestPath(config));
}

/** «за 30 секунд», «за 1 секунду» (the accusative after «за»). */
const SECONDS = { one: 'секунду', few: 'секунды', many: 'секунд' };

export const NETWORK_ERROR_MESSAGE =
  'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.';
export const TRY_IN_A_MINUTE_MESSAGE =
  'Сайт ненадолго недоступен. Попробуйте ещё раз через минуту.';
export const OUR_FAULT_MESSAGE =
  'У нас что-то сломалось, мы уже разбираемся. Попробуйте ещё раз через минуту.';

/**
 * The sentence for a failure nobody foresaw: what to do next, and who to write to. The support address
 * comes from the server's public configuration when the page has it (the footer loads it).
 */
export function genericErrorMessage(): string {
  const config = queryClient.getQueryData<PublicConfig>(publicConfigKey);
  const contact = config?.support_email
    ? `напишите нам на ${config.support_email}`
    : 'напишите в поддержку (адрес есть внизу страницы)';
  return `Что-то пошло не так. Попробуйте ещё раз, а если не получится — ${contact}.`;
}
/**
 * What a parent reads for each error code when the server's own text will not do. Every sentence says
 * what to do next.
 */
export const CODE_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'Не получилось отправить запрос. Обновите страницу и попробуйте ещё раз.',
  unauthenticated: 'Войдите в личный кабинет ещё раз: прошлый вход закончился.',
  forbidden: 'Это действие вам недоступно. Если это ошибка, напишите в поддержку.',
  not_found: 'Не нашли то, что вы искали. Обновите страницу и попробуйте ещё раз.',
  conflict: 'Данные успели измениться. Обновите страницу и попробуйте ещё раз.',
  already_authenticated: 'Вы уже вошли в личный кабинет. Обновите страницу.',
  payload_too_large: 'Слишком много данных за раз. Сократите текст и попробуйте ещё раз.',
  unsupported_media_type: 'Не получилось отправить запрос. Обновите страницу и попробуйте ещё раз.',
  validation_failed: 'Проверьте, правильно ли всё заполнено, и попробуйте ещё раз.',
  invalid_credentials: 'Неверная почта или пароль. Проверьте их и попробуйте ещё раз.',
  email_taken: 'Эта почта уже зарегистрирована. Войдите или восстановите пароль.',
  social_signup_expired:
    'Время на регистрацию истекло. Нажмите «Войти через VK ID» или «Войти через Facebook» ещё раз.',
  email_not_addable:
    'Адрес почты у этого аккаунта уже есть. Если он больше не ваш, напишите в поддержку.',
  no_free_child_slot:
    'Места для ещё одного ребёнка нет. Если нужно больше мест, напишите в поддержку.',
  captcha_failed:
    'Не получилось проверить, что вы не робот. Обновите страницу и попробуйте ещё раз.',
  email_unconfirmed: 'Подтвердите почту: ответ придёт на неё. Ссылка — в письме после регистрации.',
  second_factor_required: 'Введите код из приложения-аутентификатора.',
  second_factor_not_enrolled:
    'Приложение-аутентификатор ещё не подключено. Попросите администратора прислать приглашение.',
  setup_code_required: 'Введите одноразовый код из терминала, где запущен сервер.',
  invitation_invalid: 'Приглашение не подошло. Попросите администратора прислать новое.',
  mailing_link_invalid:
    'Ссылка для отписки не подошла. Откройте её из последнего письма или войдите в личный кабинет.',
  rate_limited: 'Слишком много попыток подряд. Подождите немного и попробуйте ещё раз.',
  weekly_letter_unavailable:
    'Письмо недели этой семье сейчас не отправить: причина\u00a0— в его просмотре.',
  bank_refused: 'Банк не выполнил запрос. Попробуйте ещё раз позже или напишите в поддержку.',
  internal_error: OUR_FAULT_MESSAGE,
  service_unavailable: TRY_IN_A_MINUTE_MESSAGE,
  request_timeout: 'Запрос шёл слишком долго. Проверьте интернет и попробуйте ещё раз.',
  headers_too_large:
    'Браузер хранит для сайта слишком много данных. Очистите cookie сайта и попробуйте ещё раз.',
  upload_protocol_required: 'Не получилось отправить файл. Обновите страницу и попробуйте ещё раз.',
  upload_expired: 'Загрузка устарела. Выберите файл и начните её заново.',
  upload_being_checked: 'Файл уже загружен и проверяется. Подождите немного.',
  trial_used: 'Пробная неделя уже была. Выберите тариф, чтобы продолжить занятия.',
  subscription_active: 'Подписка уже действует — пробная неделя не нужна.',
  lesson_closed: 'Этот урок пока закрыт. Откройте его подпиской или выберите другой урок.',
  owner_only:
    'Это может сделать только родитель, который оплачивает занятия. Попросите его об этом.',
  caregiver_invitation_invalid:
    'Ссылка приглашения устарела или уже использована. Попросите родителя прислать новую.',
  caregivers_full: `В семье уже ${MAX_CAREGIVERS}\u00a0близких. Чтобы пригласить ещё, уберите кого-нибудь из списка.`,
  already_in_family:
    'Этот аккаунт уже связан с семьёй в школе. Чтобы принять приглашение, войдите с другим адресом.',
};

/**
 * Codes whose Russian text the server wrote for the parent (which field, how long to wait, what is
 * taken): it is more precise than our sentence. The rest say something only a developer needs.
 */
const PARENT_FACING_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'validation_failed',
  'invalid_credentials',
  'email_taken',
  'social_signup_expired',
  'email_not_addable',
  'no_free_child_slot',
  'captcha_failed',
  'email_unconfirmed',
  'rate_limited',
  'trial_used',
  'subscription_active',
  'lesson_closed',
]);

// Marks of a developer's text: HTTP verbs, «API», paths, addresses, code, English error words.
const TECHNICAL =
  /\b(?:API|GET|POST|PUT|PATCH|DELETE|HEAD|HTTP|JSON|SQL|null|undefined|NaN|Error|Exception|stack)\b|\/api\b|https?:\/\/|[<>{}[\]`]|\w\(/;

/** Whether a text is fit for a parent: Russian, and free of anything that reads like code or a path. */
export function isReadableByParent(text: string): boolean {
  return /[а-яё]/i.test(text) && !TECHNICAL.test(text);
}

/** The request's path as the server sees it, with a leading slash: '/api/auth/login'. */
export function requestPath(
  config: Pick<InternalAxiosRequestConfig, 'url' | 'baseURL'> | undefined,
): string {
  if (!config) return '';
  const url = config.url ?? '';
  if (/^https?:\/\//.test(url) || url.startsWith('/')) return url;
  const base = config.baseURL ?? '';
  return `/${`${base.replace(/\/+$/, '')}/${url}`.replace(/^\/+/, '')}`;
}

export function isSelfHandled(path: string): boolean {
  return SELF_HANDLED_URL_FRAGMENTS.some((fragment) => path.includes(fragment));
}

interface ErrorPayload {
  code?: unknown;
  message?: unknown;
  errors?: { error?: unknown } & Record<string, unknown>;
}

function payloadOf(error: AxiosError): ErrorPayload | undefined {
  const data = error.response?.data;
  return typeof data === 'object' && data !== null ? (data as ErrorPayload) : undefined;
}

/**
 * The stable code of a server error (docs/ARCHITECTURE.md): screens decide on this, never on the Russian text,
 * which may be reworded. Undefined for network failures and answers without one.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const code = payloadOf(error)?.code;
  const known: readonly string[] = Object.values(ERROR_CODES);
  return typeof code === 'string' && known.includes(code) ? (code as ErrorCode) : undefined;
}

/** The first non-field error of the one error shape (docs/ARCHITECTURE.md «Error codes»), if any. */
export function firstNonFieldError(error: AxiosError): string | undefined {
  const list = payloadOf(error)?.errors?.error;
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

/**
 * The sentence a parent reads for a failed request, always with what to do next: axios's own English
 * ('Network Error', 'timeout of {n}ms exceeded') becomes Russian, 5xx asks to try again in a minute, the
 * server's text is shown only for codes it writes for parents and only when it reads like Russian, not
 * like code; anything unforeseen gets the generic sentence with the support address.
 */
export function errorMessage(error: unknown): string {
  if (!axios.isAxiosError(error)) return genericErrorMessage();
  const timeout = /^timeout of (\d+)ms exceeded$/.exec(error.message);
  if (timeout || error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    const seconds = timeout ? Math.round(Number(timeout[1]) / 1000) : 30;
    return `Сервер не ответил за ${pluralize(seconds, SECONDS)}. Проверьте интернет и попробуйте ещё раз через минуту.`;
  }
  if (error.message === 'Network Error' || !error.response) return NETWORK_ERROR_MESSAGE;
  const code = errorCode(error);
  const { status } = error.response;
  if (code && PARENT_FACING_CODES.has(code)) {
    const payload = payloadOf(error);
    const text = firstNonFieldError(error) ?? payload?.message;
    return typeof text === 'string' && isReadableByParent(text) ? text : CODE_MESSAGES[code];
  }
  if (code) return CODE_MESSAGES[code];
  if (status === 503 || status === 502 || status === 504) return TRY_IN_A_MINUTE_MESSAGE;
  if (status >= 500) return OUR_FAULT_MESSAGE;
  if (status === 408) return CODE_MESSAGES.request_timeout;
  return genericErrorMessage();
}

/** A message from elsewhere (a SHOW_ERROR event): shown as is when a parent can read it. */
export function readableOr(text: string | undefined, fallback: () => string): string {
  return text && isReadableByParent(text) ? text : fallback();
}

/** Field errors of a 422 answer, for forms: { email: 'Неверный адрес' }. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError(error)) return {};
  const errors = payloadOf(error)?.errors;
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (field !== 'error' && Array.isArray(messages) && typeof messages[0] === 'string') {
      result[field] = messages[0];
    }
  }
  return result;
}

export function installInterceptors(instance: AxiosInstance = api): () => void {
  const request = instance.interceptors.request.use((config) => {
    const token = getToken();
    // docs/PRODUCT.md «Who uses it»: every request carries the bearer token except the login call.
    if (token && !requestPath(config).includes('/auth/login')) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  });

  const response = instance.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isCancel(error) || !axios.isAxiosError(error)) return Promise.reject(error);
    if (errorCode(error) === ERROR_CODES.alreadyAuthenticated) {
      // Another tab logged in: the page's state is stale, start over as the logged-in parent.
      reloadPage();
      return Promise.reject(error);
    }
    const path = requestPath(error.config);
    if (error.response?.status === 401 && !path.includes('/auth/')) {
      // A revoked or expired token: the parent is a guest from now on.
      clearSession();
      if (path.includes('profile/show')) return Promise.reject(error);
    }
    const unreachable = error.response === undefined && connectionSaidElsewhere();
    if (reportsGlobally(error.config) && !unreachable)
      reportError({ message: errorMessage(error) });
    return Promise.reject(error);
  });

  return () => {
    instance.interceptors.request.eject(request);
    instance.interceptors.response.eject(response);
  };
}

/** docs/ARCHITECTURE.md «Error codes»: a SHOW_ERROR window event is reported like a failed request. */
export function installShowErrorListener(): () => void {
  const listener = (event: Event) => {
    const { message, title } = readShowErrorDetail(event);
    reportError({ message: readableOr(message, genericErrorMessage), title });
  };
  window.addEventListener(SHOW_ERROR_EVENT, listener);
  return () => window.removeEventListener(SHOW_ERROR_EVENT, listener);
}
