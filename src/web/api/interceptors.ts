import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ERROR_CODES, STATUS_MESSAGES, type ErrorCode } from '@contract/api/values';
import { pluralize } from '@contract/plural';
import { api } from './client';
import { clearSession, getToken } from './session';
import { openModal } from '../modals/modal-store';
import { reloadPage } from '../lib/reload';
import { readShowErrorDetail, SHOW_ERROR_EVENT } from '../lib/show-error';

/** SPEC §8: failures of these calls are handled by their screens, not by the global error modal. */
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
     * modal stays closed. SPEC §8's list above covers the calls it names; screens built since opt out
     * per request rather than growing that list.
     */
    handlesErrors?: boolean;
  }
}

/** Whether a failed request was left to the global error modal (SPEC §8). */
export function reportsGlobally(config: InternalAxiosRequestConfig | undefined): boolean {
  return !config?.handlesErrors && !isSelfHandled(requestPath(config));
}

/** «за 30 секунд», «за 1 секунду» (the accusative after «за»). */
const SECONDS = { one: 'секунду', few: 'секунды', many: 'секунд' };

export const GENERIC_ERROR_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз чуть позже.';
export const NETWORK_ERROR_MESSAGE =
  'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';

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
 * The stable code of a server error (ARCHITECTURE §4): screens decide on this, never on the Russian text,
 * which may be reworded. Undefined for network failures and answers without one.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const code = payloadOf(error)?.code;
  const known: readonly string[] = Object.values(ERROR_CODES);
  return typeof code === 'string' && known.includes(code) ? (code as ErrorCode) : undefined;
}

/** The first non-field error of ARCHITECTURE §4's shape, if any. */
export function firstNonFieldError(error: AxiosError): string | undefined {
  const list = payloadOf(error)?.errors?.error;
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

/**
 * A message a parent can read: axios's own English messages ('Network Error', 'timeout of {n}ms exceeded')
 * become Russian; server messages are already Russian (ARCHITECTURE §4).
 */
export function errorMessage(error: unknown): string {
  if (!axios.isAxiosError(error)) return GENERIC_ERROR_MESSAGE;
  const timeout = /^timeout of (\d+)ms exceeded$/.exec(error.message);
  if (timeout || error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    const seconds = timeout ? Math.round(Number(timeout[1]) / 1000) : 30;
    return `Сервер не ответил за ${pluralize(seconds, SECONDS)}. Проверьте подключение к интернету и попробуйте ещё раз.`;
  }
  if (error.message === 'Network Error' || !error.response) return NETWORK_ERROR_MESSAGE;
  const payload = payloadOf(error);
  const nonField = firstNonFieldError(error);
  if (nonField) return nonField;
  if (typeof payload?.message === 'string' && payload.message) return payload.message;
  const status = error.response.status as keyof typeof STATUS_MESSAGES;
  return STATUS_MESSAGES[status] ?? GENERIC_ERROR_MESSAGE;
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
    // SPEC §6: every request carries the bearer token except the login call.
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
    if (reportsGlobally(error.config)) openModal('global-error', { message: errorMessage(error) });
    return Promise.reject(error);
  });

  return () => {
    instance.interceptors.request.eject(request);
    instance.interceptors.response.eject(response);
  };
}

/** SPEC §8: the SHOW_ERROR window event opens the global error modal. */
export function installShowErrorListener(): () => void {
  const listener = (event: Event) => {
    const { message, title } = readShowErrorDetail(event);
    openModal('global-error', { message: message ?? GENERIC_ERROR_MESSAGE, title });
  };
  window.addEventListener(SHOW_ERROR_EVENT, listener);
  return () => window.removeEventListener(SHOW_ERROR_EVENT, listener);
}
