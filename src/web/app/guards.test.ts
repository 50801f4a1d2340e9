// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { LoaderFunctionArgs } from 'react-router';
import { ERROR_CODES } from '@contract/api/values';
import { clearSession, getToken, setToken } from '../api/session';
import {
  certificateLoader,
  indexLoader,
  redirectLoggedIn,
  requireLogin,
  rootLoader,
} from './guards';
import { apiUrl, errorResponse, seen, server, serveApiInTests } from '../testing/msw';

serveApiInTests();

/** Codes the server would still take; each is good for one exchange. */
const validCodes = new Set<string>();
const exchanges = () => seen.filter((request) => request.url === 'auth/usertoken');

beforeEach(() => {
  clearSession();
  server.use(
    http.post(apiUrl('auth/usertoken'), async ({ request }) => {
      const { usertoken } = (await request.json()) as { usertoken: string };
      if (!validCodes.delete(usertoken)) {
        return errorResponse(422, {
          code: ERROR_CODES.validationFailed,
          message: 'Код входа устарел',
          errors: { usertoken: ['Код входа устарел'] },
        });
      }
      return HttpResponse.json({ data: { token: `token-for-${usertoken}` } });
    }),
    http.get(apiUrl('profile/show'), () => HttpResponse.json({ data: { name: 'Мама' } })),
  );
});

function args(path: string, params: Record<string, string> = {}): LoaderFunctionArgs {
  return {
    request: new Request(`http://localhost${path}`),
    params,
    context: undefined,
  } as LoaderFunctionArgs;
}

async function redirectOf(run: () => unknown): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('usertoken: the one-time code of social sign-in (docs/ARCHITECTURE.md)', () => {
  it('is exchanged for a token, stored, and dropped from the address', async () => {
    validCodes.add('code-1');
    const to = await redirectOf(() =>
      rootLoader(args('/personal/profile?usertoken=code-1&tab=kids')),
    );
    expect(to).toBe('/personal/profile?tab=kids');
    expect(getToken()).toBe('token-for-code-1');
    expect(localStorage.getItem('user-token')).toBe('token-for-code-1');
    expect(exchanges()).toHaveLength(1);
  });

  it('is exchanged once even when several loaders of one navigation ask', async () => {
    validCodes.add('code-2');
    const request = '/personal?usertoken=code-2';
    const [root, guard] = await Promise.all([
      redirectOf(() => rootLoader(args(request))),
      redirectOf(() => requireLogin(args(request))),
    ]);
    expect(root).toBe('/personal');
    expect(guard).toBeNull(); // the guard waited for the exchange and let the parent in
    expect(exchanges()).toHaveLength(1);
  });

  it('is not exchanged by a parent already logged in: the session stays, the address is cleaned', async () => {
    setToken('stored');
    validCodes.add('code-3');
    const request = '/personal/profile?usertoken=code-3&tab=kids';
    expect(await redirectOf(() => rootLoader(args(request)))).toBe('/personal/profile?tab=kids');
    expect(await redirectOf(() => requireLogin(args(request)))).toBeNull();
    expect(await redirectOf(() => indexLoader(args('/?usertoken=code-3')))).toBeNull();
    expect(getToken()).toBe('stored');
    expect(exchanges()).toHaveLength(0);
  });

  it('a spent or forged code leaves a guest a guest, and the address is cleaned', async () => {
    const to = await redirectOf(() => rootLoader(args('/video?usertoken=forged')));
    expect(to).toBe('/video');
    expect(getToken()).toBeNull();
    expect(await redirectOf(() => requireLogin(args('/video')))).toBe('/');
  });
});

describe('login-only routes (docs/PRODUCT.md «Screens and routes»)', () => {
  it('send a guest to the landing', async () => {
    expect(await redirectOf(() => requireLogin(args('/personal/profile')))).toBe('/');
  });

  it('let a logged-in parent through', async () => {
    setToken('stored');
    expect(await redirectOf(() => requireLogin(args('/personal/profile')))).toBeNull();
  });
});

describe('redirects of docs/PRODUCT.md «Screens and routes»', () => {
  it('/gift: a guest registers, a parent activates', async () => {
    expect(await redirectOf(() => certificateLoader(args('/gift')))).toBe('/gift/register');
    setToken('stored');
    expect(await redirectOf(() => certificateLoader(args('/gift')))).toBe(
      '/personal/activate-certificate',
    );
  });

  it('/gift keeps the mail’s code through the redirect and for the tab', async () => {
    expect(await redirectOf(() => certificateLoader(args('/gift?code=AAAA-BBBB-CCCC')))).toBe(
      '/gift/register?code=AAAA-BBBB-CCCC',
    );
    expect(sessionStorage.getItem('certificate-code')).toBe('AAAA-BBBB-CCCC');
    setToken('stored');
    expect(await redirectOf(() => certificateLoader(args('/gift?code=zzzz-2222-3333')))).toBe(
      '/personal/activate-certificate?code=ZZZZ-2222-3333',
    );
    const keep = redirectLoggedIn('activate-certificate', { keepCode: true });
    expect(await redirectOf(() => keep(args('/gift/auth?code=AAAA-BBBB-CCCC')))).toBe(
      '/personal/activate-certificate?code=AAAA-BBBB-CCCC',
    );
    expect(
      await redirectOf(() => certificateLoader(args('/gift?code=%3Cscript%3E'))),
    ).not.toContain('script');
  });

  it('sends a parent with a gift waiting to be paid to the gift page', async () => {
    setToken('stored');
    localStorage.setItem(
      'pay_after',
      JSON.stringify({ kind: 'gift', tariff_id: 3, promo: null, recurrent: false }),
    );
    expect(await redirectOf(() => indexLoader(args('/')))).toBe('/personal/gift');
    localStorage.setItem(
      'pay_after',
      JSON.stringify({ kind: 'subscription', tariff_id: 3, promo: null, recurrent: false }),
    );
    expect(await redirectOf(() => indexLoader(args('/')))).toBe('/personal');
    localStorage.removeItem('pay_after');
  });

  it('subscribe pages send a logged-in parent to the personal area', async () => {
    expect(await redirectOf(() => redirectLoggedIn('tariffs')(args('/subscribe')))).toBeNull();
    setToken('stored');
    expect(await redirectOf(() => redirectLoggedIn('tariffs')(args('/subscribe')))).toBe(
      '/personal/tariffs',
    );
    expect(await redirectOf(() => redirectLoggedIn('gift')(args('/subscribe-gift')))).toBe(
      '/personal/gift',
    );
  });

  it('/:modal? accepts the seven modal values and nothing else', async () => {
    for (const modal of [
      'confirmed',
      'fail-payment',
      'password-reset',
      'successful-payment',
      'gift',
      'activate-certificate',
      'family-invite',
    ]) {
      expect(await redirectOf(() => indexLoader(args(`/${modal}`, { modal })))).toBeNull();
    }
    expect(await redirectOf(() => indexLoader(args('/login', { modal: 'login' })))).toBe('/404');
  });
});
