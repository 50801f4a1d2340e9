// Security headers. The CSP lists exactly what the SPA loads: its own files, and Yandex Metrika and reCAPTCHA
// only where they are configured — a host the page never needs is one an injected script could still use.
// React style attributes need 'unsafe-inline' for styles only; the one inline script (the session mark of
// a server-rendered page) is allowed by its hash, no other. The policy goes on HTML documents only: it
// governs what a document loads, and means nothing on JSON or an image.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_MARK_SCRIPT } from '@contract/ssr';
import type { Config } from '../config';

const METRIKA = 'https://mc.yandex.ru';
const METRIKA_SCRIPTS = [METRIKA, 'https://yastatic.net'];
const RECAPTCHA = 'https://www.google.com';
const RECAPTCHA_SCRIPTS = [RECAPTCHA, 'https://www.gstatic.com'];
const RECAPTCHA_FRAMES = [RECAPTCHA, 'https://recaptcha.google.com'];
/** The one inline script a page may run: the server-rendered pages' session mark, allowed by its hash. */
export const SESSION_MARK_HASH = `'sha256-${createHash('sha256').update(SESSION_MARK_SCRIPT).digest('base64')}'`;

export type SecurityConfig = Pick<Config, 'production' | 'metrikaCounterId' | 'recaptcha'> & {
  /** A bucket's origin: the lesson videos, posters and subtitles come from its presigned links. */
  media?: { s3: { origin: string } | null };
};

export function contentSecurityPolicy(config: SecurityConfig): Record<string, string[]> {
  const metrika = config.metrikaCounterId !== null;
  const recaptcha = config.recaptcha !== null;
  const when = (on: boolean, hosts: string[]) => (on ? hosts : []);
  const bucket = config.media?.s3 ? [config.media.s3.origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': [
      "'self'",
      SESSION_MARK_HASH,
      ...when(metrika, METRIKA_SCRIPTS),
      ...when(recaptcha, RECAPTCHA_SCRIPTS),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...bucket, ...when(metrika, [METRIKA])],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:', ...bucket],
    // The player fetches subtitles (WebVTT) itself.
    'connect-src': [
      "'self'",
      ...bucket,
      ...when(metrika, [METRIKA]),
      ...when(recaptcha, [RECAPTCHA]),
    ],
    'frame-src': ['blob:', ...when(metrika, [METRIKA]), ...when(recaptcha, RECAPTCHA_FRAMES)],
    'child-src': ['blob:', ...when(metrika, [METRIKA])],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  // Upgrading requests would break the plain-http demo on localhost; behind TLS it is what we want.
  if (config.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** A directives map as the header spells it. */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * The headers, worked out once. Those that only mean something to a document (the CSP, framing, the
 * browsing-context isolation) go on HTML alone: on the JSON and the assets they would be ~1 KB of bytes per
 * answer that nothing reads. nosniff and the resource policy protect every answer, JSON included. The
 * referrer policy governs what a document, a stylesheet or a redirect fetches next; JSON is read by a
 * script and fetches nothing, so it goes without.
 */
export function securityHeaders(config: SecurityConfig): {
  json: [string, string][];
  other: [string, string][];
  documents: [string, string][];
} {
  const json: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['cross-origin-resource-policy', 'same-origin'],
    // HSTS only makes sense (and only sticks) on the real https site.
    ...(config.production
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
  const other: [string, string][] = [
    ...json,
    ['referrer-policy', 'strict-origin-when-cross-origin'],
  ];
  return {
    json,
    other,
    documents: [
      ...other,
      ['content-security-policy', cspHeader(contentSecurityPolicy(config))],
      // The sandbox payment page and OAuth providers are opened as top-level windows, not embedded, so the
      // opener may be isolated; no cross-origin embedder policy, which would block them.
      ['cross-origin-opener-policy', 'same-origin'],
      ['origin-agent-cluster', '?1'],
      ['x-frame-options', 'SAMEORIGIN'],
      ['x-dns-prefetch-control', 'off'],
      ['x-download-options', 'noopen'],
      ['x-permitted-cross-domain-policies', 'none'],
      ['x-xss-protection', '0'],
    ],
  };
}

export function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/** The headers an answer of this content type needs (JSON, a document, or anything else). */
export function securityHeaderPicker(
  config: SecurityConfig,
): (contentType: unknown) => readonly [string, string][] {
  const { json, other, documents } = securityHeaders(config);
  return (contentType) => (isJson(contentType) ? json : isHtml(contentType) ? documents : other);
}

/**
 * Sets the headers an answer of this content type needs. A route that set one of them itself (the
 * sandboxes' own policies, no referrer from the OAuth callback's address) keeps its own.
 */
export function securityHeaderSetter(
  config: SecurityConfig,
): (reply: FastifyReply, contentType: unknown) => void {
  const pick = securityHeaderPicker(config);
  return (reply, contentType) => {
    for (const [name, value] of pick(contentType))
      if (!reply.hasHeader(name)) reply.header(name, value);
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  setHeaders: ReturnType<typeof securityHeaderSetter>,
): void {
  // One synchronous hook, no per-request work beyond setting strings.
  app.addHook('onSend', (_request, reply, payload, done) => {
    setHeaders(reply, reply.getHeader('content-type'));
    done(null, payload);
  });
}
