// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ERROR_CODES } from '@contract/api/values';
import { login } from './auth';
import { clearSession, getToken, loadProfile, setToken, useSessionStore } from './session';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../testing/msw';

serveApiInTests();

/** The profile call answers with this status; 200 gives Анна's profile. */
let status = 200;
beforeEach(() => {
  status = 200;
  clearSession();
  server.use(
    http.post(apiUrl('auth/login'), () => HttpResponse.json({ data: { token: 'fresh' } })),
    http.get(apiUrl('profile/show'), () =>
      status < 400
        ? HttpResponse.json({ data: { name: 'Анна', children: [] } })
        : errorResponse(status, {
            code: status === 401 ? ERROR_CODES.unauthenticated : ERROR_CODES.internalError,
            message: 'Ошибка',
            errors: {},
          }),
    ),
  );
});

describe('profile load (docs/PRODUCT.md «Product rules»)', () => {
  it('goes LOADING → LOADED with the profile', async () => {
    setToken('t');
    const pending = loadProfile();
    expect(useSessionStore.getState().status).toBe('LOADING');
    await pending;
    expect(useSessionStore.getState()).toMatchObject({
      status: 'LOADED',
      profile: { name: 'Анна' },
    });
  });

  it('a failure clears the profile, unless skip_error is passed', async () => {
    setToken('t');
    await loadProfile();
    status = 500;
    await loadProfile({ skip_error: true });
    expect(useSessionStore.getState()).toMatchObject({
      status: 'FAILED',
      profile: { name: 'Анна' },
    });
    await loadProfile();
    expect(useSessionStore.getState()).toMatchObject({ status: 'FAILED', profile: null });
    expect(getToken()).toBe('t');
  });

  it('a revoked token (401) makes the parent a guest', async () => {
    setToken('revoked');
    status = 401;
    await loadProfile();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user-token')).toBeNull();
  });
});

describe('login (docs/PRODUCT.md «Product rules»)', () => {
  it('drops the remember-me flag, stores the token and loads the profile', async () => {
    await login({ email: 'demo@umnyashki.ru', password: 'secret', isSaveAuth: true });
    expect(await seen[0]?.body).toEqual({ email: 'demo@umnyashki.ru', password: 'secret' });
    expect(localStorage.getItem('user-token')).toBe('fresh');
    expect(useSessionStore.getState().profile).toMatchObject({ name: 'Анна' });
  });
});
