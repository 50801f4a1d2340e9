// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, passthrough } from 'msw';
import { ERROR_CODES } from '@contract/api/values';
import { api } from './client';
import {
  CODE_MESSAGES,
  errorMessage,
  installInterceptors,
  installShowErrorListener,
  isReadableByParent,
  NETWORK_ERROR_MESSAGE,
  OUR_FAULT_MESSAGE,
  TRY_IN_A_MINUTE_MESSAGE,
} from './interceptors';
import { publicConfigKey } from './config';
import { queryClient } from './query-client';
import { clearSession, setToken } from './session';
import { onErrorReport, type ErrorReport } from './error-reports';
import { reloadPage } from '../lib/reload';
import { showError } from '../lib/show-error';
import {
  alreadyAuthenticated,
  apiUrl,
  errorResponse,
  fieldError,
  PUBLIC_CONFIG,
  seen,
  server,
  serveApiInTests,
} from '../testing/msw';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

serveApiInTests();

// A server that takes the connection and never answers: the only way to let the browser's own request
// timeout fire (msw answers every request it intercepts, and its delay never times out).
let silent: Server;
let silentOrigin = '';
let uninstall: () => void;
let unlisten: () => void;
let unreport: () => void;
// What the HTTP layer handed to the app for the global error modal, the latest last.
const reports: ErrorReport[] = [];
beforeAll(async () => {
  uninstall = installInterceptors(api);
  unlisten = installShowErrorListener();
  unreport = onErrorReport((report) => reports.push(report));
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(() => {
  uninstall();
  unlisten();
  unreport();
  silent.closeAllConnections();
  silent.close();
});
beforeEach(() => {
  reports.length = 0;
  vi.mocked(reloadPage).mockClear();
  clearSession();
  server.use(http.all(apiUrl('*'), () => HttpResponse.json({ data: {} })));
});
afterEach(() => {
  vi.useRealTimers();
});

const reported = () => reports.at(-1);
const reportedMessage = () => reported()?.message;

describe('bearer token (docs/PRODUCT.md «Who uses it»)', () => {
  it('is sent with every request but the login call', async () => {
    setToken('secret-token');
    await api.get('profile/show');
    await api.post('auth/login', {});
    expect(seen.map(({ url, authorization }) => ({ url, authorization }))).toEqual([
      { url: 'profile/show', authorization: 'Bearer secret-token' },
      { url: 'auth/login', authorization: undefined },
    ]);
  });

  it('is not sent by a guest', async () => {
    await api.get('landing-data');
    expect(seen[0]?.authorization).toBeUndefined();
  });
});

describe('failures reported for the global error modal (docs/ARCHITECTURE.md «Error codes»)', () => {
  it('reports the server message for an ordinary call', async () => {
    server.use(
      http.get(apiUrl('page/nope'), () =>
        errorResponse(404, {
          code: ERROR_CODES.notFound,
          message: 'Страница не найдена',
          errors: {},
        }),
      ),
    );
    await expect(api.get('page/nope')).rejects.toThrow();
    expect(reported()).toBeDefined();
    expect(reportedMessage()).toBe('Страница не найдена');
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
    server.use(http.post(apiUrl(url), () => fieldError('email', 'Неверный адрес')));
    await expect(api.post(url, {})).rejects.toThrow();
    expect(reported()).toBeUndefined();
  });

  it('reports nothing for a request that handles its errors itself', async () => {
    server.use(http.post(apiUrl('profile/child/store'), () => fieldError('name', 'Напишите имя')));
    await expect(api.post('profile/child/store', {}, { handlesErrors: true })).rejects.toThrow();
    expect(reported()).toBeUndefined();
  });

  it("says 'Network Error' in Russian", async () => {
    server.use(http.get(apiUrl('landing-data'), () => HttpResponse.error()));
    await expect(api.get('landing-data')).rejects.toThrow();
    expect(reportedMessage()).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('says a timeout in Russian, with the seconds', async () => {
    server.use(http.all(`${silentOrigin}/*`, () => passthrough()));
    // Only the timers are fake: the 30 s of the instance pass at once, the socket stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const failed = api.get('landing-data', { baseURL: `${silentOrigin}/api/` }).catch(() => null);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await failed).toBeNull();
    expect(reportedMessage()).toMatch(/^Сервер не ответил за 30\u00a0секунд/);
  });

  it('reloads the page when another tab has logged in (code already_authenticated)', async () => {
    server.use(http.post(apiUrl('auth/login'), () => alreadyAuthenticated()));
    await expect(api.post('auth/login', {})).rejects.toThrow();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(reported()).toBeUndefined();
  });

  it('decides on the code, not on the text', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        errorResponse(409, {
          code: ERROR_CODES.conflict,
          message: 'Already authenticated',
          errors: { error: ['Already authenticated'] },
        }),
      ),
    );
    await expect(api.post('auth/login', {})).rejects.toThrow();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('a 401 elsewhere makes the parent a guest and tells them', async () => {
    setToken('revoked');
    server.use(
      http.get(apiUrl('profile/children'), () =>
        errorResponse(401, {
          code: ERROR_CODES.unauthenticated,
          message: 'Войдите в личный кабинет',
          errors: {},
        }),
      ),
    );
    await expect(api.get('profile/children')).rejects.toThrow();
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(reportedMessage()).toBe('Войдите в личный кабинет');
  });

  it('reports a SHOW_ERROR event', () => {
    showError('Не удалось сохранить');
    expect(reported()).toBeDefined();
    expect(reportedMessage()).toBe('Не удалось сохранить');
  });
});

/** The sentence a screen would show for the answer this handler gives to GET /api/probe. */
async function sentenceFor(answer: () => Response): Promise<string> {
  server.use(http.get(apiUrl('probe'), answer));
  const error: unknown = await api.get('probe', { handlesErrors: true }).catch((e: unknown) => e);
  return errorMessage(error);
}

// Nothing a developer would write reaches a parent.
const TECHNICAL = /API|POST|GET|\/api\/|Error|<|\{/;

describe('error → sentence a parent reads', () => {
  afterEach(() => queryClient.removeQueries({ queryKey: publicConfigKey }));

  it('network failure: check the internet', async () => {
    expect(await sentenceFor(() => HttpResponse.error())).toBe(
      'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    );
  });

  it("503 and a proxy's 502 page: try again in a minute", async () => {
    const unavailable = await sentenceFor(() =>
      errorResponse(503, {
        code: ERROR_CODES.serviceUnavailable,
        message: 'База данных недоступна (pool timeout)',
        errors: {},
      }),
    );
    expect(unavailable).toBe(TRY_IN_A_MINUTE_MESSAGE);
    const proxy = await sentenceFor(
      () => new HttpResponse('<html><h1>502 Bad Gateway</h1></html>', { status: 502 }),
    );
    expect(proxy).toBe(TRY_IN_A_MINUTE_MESSAGE);
    expect(TRY_IN_A_MINUTE_MESSAGE).toMatch(/через минуту/);
  });

  it('500: our fault, try again in a minute', async () => {
    expect(
      await sentenceFor(() => new HttpResponse('Internal Server Error', { status: 500 })),
    ).toBe(OUR_FAULT_MESSAGE);
  });

  it('an unknown call: a plain sentence, never the method and path', async () => {
    const sentence = await sentenceFor(() =>
      errorResponse(404, {
        code: ERROR_CODES.notFound,
        message: 'Нет такого метода API: POST /api/payments/sberbank/get-order-state',
        errors: { error: ['Нет такого метода API: POST /api/payments/sberbank/get-order-state'] },
      }),
    );
    expect(sentence).toBe(CODE_MESSAGES.not_found);
    expect(sentence).not.toMatch(TECHNICAL);
  });

  it('codes that say only something technical get our sentence, whatever the server wrote', async () => {
    const sentence = await sentenceFor(() =>
      errorResponse(413, {
        code: ERROR_CODES.payloadTooLarge,
        message: 'Слишком большой запрос',
        errors: {},
      }),
    );
    expect(sentence).toBe(CODE_MESSAGES.payload_too_large);
  });

  it("keeps the server's own Russian sentence where it was written for the parent", async () => {
    const sentence = await sentenceFor(() =>
      errorResponse(429, {
        code: ERROR_CODES.rateLimited,
        message: 'Слишком много попыток. Попробуйте через 15\u00a0минут',
        errors: { error: ['Слишком много попыток. Попробуйте через 15\u00a0минут'] },
      }),
    );
    expect(sentence).toBe('Слишком много попыток. Попробуйте через 15\u00a0минут');
  });

  it('an unknown code: the generic sentence with the support address', async () => {
    const answer = () =>
      HttpResponse.json({ code: 'teapot', message: 'I am a teapot' }, { status: 418 });
    expect(await sentenceFor(answer)).toBe(
      'Что-то пошло не так. Попробуйте ещё раз, а если не получится — напишите в поддержку (адрес есть внизу страницы).',
    );
    queryClient.setQueryData(publicConfigKey, {
      ...PUBLIC_CONFIG,
      support_email: 'help@example.ru',
    });
    expect(await sentenceFor(answer)).toBe(
      'Что-то пошло не так. Попробуйте ещё раз, а если не получится — напишите нам на help@example.ru.',
    );
  });

  it('the English of already_authenticated never reaches the screen', async () => {
    server.use(http.post(apiUrl('auth/login'), () => alreadyAuthenticated()));
    const error: unknown = await api.post('auth/login', {}).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe(CODE_MESSAGES.already_authenticated);
  });

  it("a SHOW_ERROR with a developer's text opens the generic sentence", () => {
    showError('TypeError: Cannot read properties of undefined');
    expect(reportedMessage()).toMatch(/^Что-то пошло не так/);
  });

  it('tells Russian sentences from technical text', () => {
    expect(isReadableByParent('Проверьте адрес почты')).toBe(true);
    expect(isReadableByParent('Нет такого метода API: POST /api/x')).toBe(false);
    expect(isReadableByParent('Request failed with status code 500')).toBe(false);
    expect(isReadableByParent('Ошибка: {"code":1}')).toBe(false);
  });

  it('every code has a sentence that says what to do, in Russian', () => {
    for (const sentence of Object.values(CODE_MESSAGES)) {
      expect(isReadableByParent(sentence), sentence).toBe(true);
      expect(sentence).toMatch(/\.$/);
    }
  });
});
