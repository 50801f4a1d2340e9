// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { api } from './client';
import { login } from './auth';
import { clearSession, getToken, loadProfile, setToken, useSessionStore } from './session';

let status = 200;
const bodies: unknown[] = [];
const adapter: AxiosAdapter = async (config) => {
  bodies.push(config.data === undefined ? undefined : JSON.parse(String(config.data)));
  const headers = new AxiosHeaders();
  const data =
    config.url === 'auth/login'
      ? { data: { token: 'fresh' } }
      : { data: { name: 'Анна', children: [] } };
  const response = { data, status, statusText: '', headers, config };
  if (status >= 400)
    throw new AxiosError(
      'Request failed',
      AxiosError.ERR_BAD_RESPONSE,
      config,
      undefined,
      response,
    );
  return response;
};

const originalAdapter = api.defaults.adapter;
beforeAll(() => {
  api.defaults.adapter = adapter;
});
afterAll(() => {
  api.defaults.adapter = originalAdapter;
});
beforeEach(() => {
  status = 200;
  bodies.length = 0;
  clearSession();
});

describe('profile load (SPEC §4)', () => {
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

describe('login (SPEC §5)', () => {
  it('drops the remember-me flag, stores the token and loads the profile', async () => {
    await login({ email: 'demo@umnyashki.ru', password: 'secret', isSaveAuth: true });
    expect(bodies[0]).toEqual({ email: 'demo@umnyashki.ru', password: 'secret' });
    expect(localStorage.getItem('user-token')).toBe('fresh');
    expect(useSessionStore.getState().profile).toMatchObject({ name: 'Анна' });
  });
});
