// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { api } from './client';
import {
  installInterceptors,
  installShowErrorListener,
  NETWORK_ERROR_MESSAGE,
} from './interceptors';
import { clearSession, setToken } from './session';
import { useModalStore } from '../modals/modal-store';
import { reloadPage } from '../lib/reload';
import { showError } from '../lib/show-error';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

type Reply = { status: number; data?: unknown } | 'network' | 'timeout';
let reply: Reply = { status: 200, data: { data: {} } };
const seen: InternalAxiosRequestConfig[] = [];

const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  if (reply === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
  if (reply === 'timeout') {
    throw new AxiosError(
      `timeout of ${config.timeout}ms exceeded`,
      AxiosError.ECONNABORTED,
      config,
    );
  }
  const response = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  };
  if (reply.status >= 400) {
    throw new AxiosError(
      'Request failed',
      AxiosError.ERR_BAD_RESPONSE,
      config,
      undefined,
      response,
    );
  }
  return response;
};

let uninstall: () => void;
let unlisten: () => void;
beforeAll(() => {
  api.defaults.adapter = adapter;
  uninstall = installInterceptors(api);
  unlisten = installShowErrorListener();
});
afterAll(() => {
  uninstall();
  unlisten();
});
beforeEach(() => {
  seen.length = 0;
  reply = { status: 200, data: { data: {} } };
  useModalStore.setState({ name: null, props: undefined, onClose: undefined });
  vi.mocked(reloadPage).mockClear();
  clearSession();
});

const modal = () => useModalStore.getState();
const modalMessage = () => (modal().props as { message?: string } | undefined)?.message;

describe('bearer token (SPEC §6)', () => {
  it('is sent with every request but the login call', async () => {
    setToken('secret-token');
    await api.get('profile/show');
    await api.post('auth/login', {});
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(seen[1]?.headers.get('Authorization')).toBeUndefined();
  });

  it('is not sent by a guest', async () => {
    await api.get('landing-data');
    expect(seen[0]?.headers.get('Authorization')).toBeUndefined();
  });
});

describe('global error modal (SPEC §8)', () => {
  it('opens with the server message for an ordinary call', async () => {
    reply = { status: 404, data: { message: 'Страница не найдена', errors: {} } };
    await expect(api.get('page/nope')).rejects.toThrow();
    expect(modal().name).toBe('global-error');
    expect(modalMessage()).toBe('Страница не найдена');
  });

  it.each([
    'auth/login',
    'auth/register',
    'auth/password/email',
    'store/web/promocode',
    'store/web/gifts',
    'store/web/subscriptions',
    'payments/sberbank/get-order-state',
    'store/subscription/activate',
    'profile/achievements/video',
  ])('stays closed for %s: its screen handles the error', async (url) => {
    reply = {
      status: 422,
      data: { message: 'Проверьте данные', errors: { email: ['Неверный адрес'] } },
    };
    await expect(api.post(url, {})).rejects.toThrow();
    expect(modal().name).toBeNull();
  });

  it("says 'Network Error' in Russian", async () => {
    reply = 'network';
    await expect(api.get('landing-data')).rejects.toThrow();
    expect(modalMessage()).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('says a timeout in Russian, with the seconds', async () => {
    reply = 'timeout';
    await expect(api.get('landing-data')).rejects.toThrow();
    expect(modalMessage()).toMatch(/^Сервер не ответил за 30 секунд/);
  });

  it("reloads the page on 'Already authenticated'", async () => {
    reply = {
      status: 409,
      data: { message: 'Конфликт', errors: { error: ['Already authenticated'] } },
    };
    await expect(api.post('auth/login', {})).rejects.toThrow();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('opens on a SHOW_ERROR event', () => {
    showError('Не удалось сохранить');
    expect(modal().name).toBe('global-error');
    expect(modalMessage()).toBe('Не удалось сохранить');
  });
});
