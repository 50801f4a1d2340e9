// Structured JSON logs (pino). Every request line carries request_id. Nothing that grants access or names a
// person reaches a log: URLs lose the values of secret parameters (the back office's search terms among
// them), errors lose the parameters of a failed query, and any text written (messages, stacks, causes, a
// line's text fields) is scrubbed of e-mail addresses, phone numbers, password hashes, tokens and gift
// certificate codes. Cookies and credentials are redacted by path.
import pino, { type DestinationStream, type Logger } from 'pino';

const SECRET_PARAMS = new Set([
  'usertoken',
  'token',
  'verified_token',
  'code',
  'state',
  'checksum',
  'email',
  'password',
  'access_token',
  'signed_request',
  // The back office's searches: a family's address, phone or name, a certificate's code, in whatever form
  // staff typed them (a phone written «916 123-45-67» has no shape a pattern could rely on).
  'q',
]);

// Bounded and free of overlapping classes, so a 100 KB line costs linear time, not quadratic.
const EMAIL = /[^\s"'<>()[\]{},;:@]{1,64}@[^\s"'<>()[\]{},;:@]{1,255}/g;
const ARGON2 = /\$argon2(?:id|i|d)\$[^\s"',)]+/g;
/** Our tokens and codes: 32 random bytes in base64url (43 characters), and long hex digests. */
const TOKEN = /[A-Za-z0-9_-]{40,}/g;
const PHONE = /\+?\b[78][\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}\b/g;
/**
 * A gift certificate's code (modules/gifts/certificates.ts) is the gift itself, worth up to a year's
 * subscription: three groups of four from its alphabet, dashed as the mail link writes it, spaced, or bare
 * as it is stored. Upper case only: a lower-case run of the same shape is as often a piece of a UUID (a
 * media path, an upload) — and a code typed in lower case travels in a body or under `code`/`q`, never
 * logged.
 */
const CODE_CHAR = '[2-9A-HJKMNP-Z]';
const CERTIFICATE = new RegExp(
  `(?<![A-Za-z0-9])${CODE_CHAR}{4}([-\\s]?)${CODE_CHAR}{4}\\1${CODE_CHAR}{4}(?![A-Za-z0-9])`,
  'g',
);

/** Longer texts are cut before scrubbing: a log line needs no more, and scrubbing stays cheap. */
const MAX_LOGGED_TEXT = 4000;

/** Any text on its way to a log, with personal data and secrets replaced by a mark. */
export function scrubText(text: string): string {
  const cut = text.length > MAX_LOGGED_TEXT ? `${text.slice(0, MAX_LOGGED_TEXT)}…` : text;
  return (
    cut
      .replace(ARGON2, '[hash]')
      .replace(EMAIL, '[email]')
      .replace(PHONE, '[phone]')
      .replace(TOKEN, '[token]')
      // After tokens: a code-shaped run inside one must not break it into pieces too short to match.
      .replace(CERTIFICATE, '[code]')
  );
}

/**
 * A line's own fields, scrubbed like its message: a path, a name or a value quoted by whoever wrote the
 * line. Objects are left to their serializers (errors) and to the redaction paths.
 */
function scrubFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    const scrubbed = scrubText(value);
    if (scrubbed === value) continue;
    copy ??= { ...fields };
    copy[key] = scrubbed;
  }
  return copy ?? fields;
}

/**
 * Paths without a query repeat all day (/api/regions): one found clean is remembered, within a bound, and not
 * scrubbed again. Only clean ones, so no secret is kept here.
 */
const cleanPaths = new Set<string>();
const MAX_CLEAN_PATHS = 1000;

function scrubPath(path: string): string {
  if (cleanPaths.has(path)) return path;
  const scrubbed = scrubText(path);
  if (scrubbed === path) {
    if (cleanPaths.size >= MAX_CLEAN_PATHS) cleanPaths.clear();
    cleanPaths.add(path);
  }
  return scrubbed;
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return scrubPath(url);
  const params = new URLSearchParams(url.slice(q + 1));
  for (const [key, value] of [...params.entries()]) {
    // Decoded first: an address in a query string is written as name%40host.
    if (SECRET_PARAMS.has(key)) params.set(key, '[redacted]');
    else if (scrubText(value) !== value) params.set(key, scrubText(value));
  }
  return scrubText(`${url.slice(0, q)}?${params.toString()}`);
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
}

/**
 * An error as it may be logged: a failed query's message carries its SQL and parameters
 * ("Failed query: …\nparams: …"), so the parameters are cut, and no field other than these is copied
 * (drizzle's `params`, pg's `detail` with the offending value).
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: scrubText(String(error)) };
  const { name, message, code, stack, cause } = error as ErrorLike;
  const text = (value: unknown) =>
    typeof value === 'string' ? scrubText(value.replace(/\nparams:[\s\S]*$/, '')) : undefined;
  return {
    type: typeof name === 'string' ? name : undefined,
    message: text(message),
    code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    stack: text(stack),
    cause: cause !== undefined && depth < 3 ? serializeError(cause, depth + 1) : undefined,
  };
}

export function createLogger(
  options: { level?: string; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'umnyashki' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        req: (req: RequestLike) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          ip: req.ip,
        }),
        err: serializeError,
        error: serializeError,
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.email',
          '*.token',
          '*.phone',
        ],
        censor: '[redacted]',
      },
      formatters: { log: scrubFields },
      hooks: {
        // Messages are written by us, but may quote a value (an address in a failed lookup): scrub them too.
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    options.destination,
  );
}
