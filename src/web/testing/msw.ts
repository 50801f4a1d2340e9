// Test helper (not a test): the school's API played by msw, so tests drive the real axios instance — its
// adapter, interceptors, headers and JSON — over intercepted HTTP rather than a hand-made fake of axios.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PublicConfig } from '@contract/api/config';
import { ERROR_CODES, STATUS_MESSAGES, type ErrorCode } from '@contract/api/values';

/** The address of an API call as the SPA names it: `apiUrl('auth/login')` → '/api/auth/login'. */
export function apiUrl(path: string): string {
  return `/api/${path}`;
}

export const PUBLIC_CONFIG: PublicConfig = {
  app_store_url: '',
  play_store_url: '',
  metrika_counter_id: null,
  recaptcha_site_key: null,
  fb_enabled: false,
  vk_enabled: true,
  social_links: [],
  support_email: 'help@umnyashki.ru',
  sandbox: false,
  demo: false,
};

/** The server's error body (docs/ARCHITECTURE.md): a stable code, a Russian message, field errors by name. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors: Record<string, string[]>;
}

/** An error answer as the server's one error handler shapes it. */
export function errorResponse(status: number, body: ErrorBody): HttpResponse<ErrorBody> {
  return HttpResponse.json(body, { status });
}

/** A field error (422 `validation_failed` unless told otherwise); `error` is the non-field list. */
export function fieldError(
  field: string,
  message: string,
  options: { status?: number; code?: ErrorCode } = {},
): HttpResponse<ErrorBody> {
  return errorResponse(options.status ?? 422, {
    code: options.code ?? ERROR_CODES.validationFailed,
    message,
    errors: { [field]: [message] },
  });
}

/** What the server answers when a parent with a valid token logs in or registers again. */
export function alreadyAuthenticated(): HttpResponse<ErrorBody> {
  return errorResponse(409, {
    code: ERROR_CODES.alreadyAuthenticated,
    message: 'Already authenticated',
    errors: { error: ['Already authenticated'] },
  });
}

// Answers every test starts with; `server.use(...)` in a test goes before them. An /api call nobody
// answered gets the server's own 404, anything else fails the test (onUnhandledRequest below).
const defaults = [
  http.get(apiUrl('public-config'), () => HttpResponse.json({ data: PUBLIC_CONFIG })),
  http.all(apiUrl('*'), () =>
    errorResponse(404, { code: ERROR_CODES.notFound, message: STATUS_MESSAGES[404], errors: {} }),
  ),
];

export const server = setupServer(...defaults);

/** A request as it reached the server. */
export interface SeenRequest {
  method: string;
  /** Relative to /api/ with the query, as the SPA names calls: 'auth/register?ref=FRIEND'. */
  url: string;
  authorization: string | undefined;
  /** Resolves to the parsed JSON body, or undefined when there is none. */
  body: Promise<unknown>;
}

/** Every request of the current test, in the order they were sent. */
export const seen: SeenRequest[] = [];

async function jsonOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  // Read from a copy: the handler that answers reads the original.
  const body = jsonOf(request.clone());
  // A test that never looks at the body must not see an unhandled rejection for it.
  body.catch(() => undefined);
  seen.push({
    method: request.method,
    url: `${url.pathname.replace(/^\/api\//, '')}${url.search}`,
    authorization: request.headers.get('Authorization') ?? undefined,
    body,
  });
});

/**
 * Starts the server for the calling test file. Each test begins with the default answers only and an
 * empty `seen`; a request outside /api fails the test, since the SPA talks to nothing else.
 */
export function serveApiInTests(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    seen.length = 0;
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
