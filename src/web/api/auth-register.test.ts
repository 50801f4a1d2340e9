// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ERROR_CODES } from '@contract/api/values';
import { logout, register } from './auth';
import { installInterceptors } from './interceptors';
import { clearSession, getToken, setToken, useSessionStore } from './session';
import { reloadPage } from '../lib/reload';
import {
  alreadyAuthenticated,
  apiUrl,
  fieldError,
  seen,
  server,
  serveApiInTests,
} from '../testing/msw';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

const BODY = {
  email: 'anna@example.ru',
  password: 'umnyashki8',
  name: 'Анна',
  consent_personal_data: true as const,
  consent_mailing: false,
};

serveApiInTests();

let uninstallInterceptors: () => void;
beforeAll(() => {
  uninstallInterceptors = installInterceptors();
});
afterAll(() => {
  uninstallInterceptors();
});
beforeEach(() => {
  localStorage.clear();
  clearSession();
  vi.mocked(reloadPage).mockClear();
  server.use(
    http.post(apiUrl('auth/register'), () =>
      HttpResponse.json({ data: { token: 'new-parent' } }, { status: 201 }),
    ),
    http.get(apiUrl('profile/show'), () =>
      HttpResponse.json({ data: { name: 'Анна', email_verified: false } }),
    ),
  );
});

describe('registration (docs/PRODUCT.md «Product rules», docs/ARCHITECTURE.md)', () => {
  it("sends the body with the page's query string, then logs the parent in", async () => {
    await register(BODY, '?ref=FRIEND&utm_source=vk');
    const call = seen.find((request) => request.method === 'POST');
    expect(call?.url).toBe('auth/register?ref=FRIEND&utm_source=vk');
    expect(await call?.body).toEqual(BODY);
    expect(getToken()).toBe('new-parent');
    expect(localStorage.getItem('user-token')).toBe('new-parent');
    expect(useSessionStore.getState().profile).toMatchObject({ name: 'Анна' });
  });

  it('adds the referral code remembered from an earlier visit', async () => {
    localStorage.setItem('referrer_code', 'EARLIER');
    await register(BODY, '');
    expect(seen[0]?.url).toBe('auth/register?ref=EARLIER');
  });

  it('posts to the bare path when there is no query at all', async () => {
    await register(BODY, '');
    expect(seen[0]?.url).toBe('auth/register');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it("carries another tab's token, so the server can answer 'Already authenticated'", async () => {
    localStorage.setItem('user-token', 'from-another-tab');
    server.use(http.post(apiUrl('auth/register'), () => alreadyAuthenticated()));
    await expect(register(BODY, '')).rejects.toThrow();
    expect(seen[0]?.authorization).toBe('Bearer from-another-tab');
    // docs/ARCHITECTURE.md «Error codes»: the page reloads as the logged-in parent.
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("a logged-in page's register call reloads the page (docs/ARCHITECTURE.md «Error codes»)", async () => {
    setToken('mine');
    server.use(http.post(apiUrl('auth/register'), () => alreadyAuthenticated()));
    await expect(register(BODY, '')).rejects.toThrow();
    expect(seen[0]?.authorization).toBe('Bearer mine');
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('leaves the parent a guest when the server refuses', async () => {
    server.use(
      http.post(apiUrl('auth/register'), () =>
        fieldError('email', 'Этот адрес уже зарегистрирован.', { code: ERROR_CODES.emailTaken }),
      ),
    );
    await expect(register(BODY, '')).rejects.toThrow();
    expect(getToken()).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('logout (docs/PRODUCT.md «Product rules»)', () => {
  it('revokes the token on the server, clears stored data and reloads', async () => {
    setToken('mine');
    localStorage.setItem('referrer_code', 'X');
    localStorage.setItem('pay_after', '3');
    server.use(
      http.get(apiUrl('auth/logout'), () => HttpResponse.json({ data: { status: 'ok' } })),
    );
    await logout();
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: 'auth/logout',
      authorization: 'Bearer mine',
    });
    expect(getToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
