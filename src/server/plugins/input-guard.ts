// Bad input stops at the edge: a NUL byte or a lone UTF-16 surrogate in a body, query, route parameter or
// header is refused with 422 before any handler or the database sees it. PostgreSQL refuses both in text
// and jsonb (a 500 otherwise), and neither ever belongs in what a parent types. A compressed body gets 415.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@contract/api/values';
import { HttpError } from './errors';
import { keyedRecordOf } from './request-keys';

export const INVALID_CHARACTERS = 'Поле содержит недопустимые символы';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL or any surrogate: one scan tells nearly every string clean; only these need a closer look. */
// eslint-disable-next-line no-control-regex -- a NUL byte is exactly what it looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

const isBad = (text: string) =>
  SUSPECT.test(text) && (text.includes('\u0000') || LONE_SURROGATE.test(text));

/** JSON nests no deeper than this in anything the school accepts; deeper is refused as well. */
const MAX_DEPTH = 32;

/**
 * True when a parsed value holds no bad string (keys included) and nests no deeper than allowed. Every
 * request passes through it, so it builds nothing: the path is worked out only for a value it refuses.
 */
function isClean(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !isBad(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isClean(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isBad(key) || !isClean((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** The path of the first bad string (keys included) in a parsed value, or null when it is clean. */
export function findBadText(value: unknown): string | null {
  return isClean(value, 0) ? null : pathOfBadText(value, '', 0);
}

function pathOfBadText(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return isBad(value) ? path || 'error' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) return path || 'error';
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (isBad(key)) return at;
    const found = pathOfBadText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export const COMPRESSED_BODY = 'Сжатое тело запроса не принимается: отправьте его без сжатия';

/**
 * No client of ours compresses what it sends, and the school does not unpack it: a labelled body is refused
 * rather than read as something other than what a proxy in front might read.
 */
function compressedBody(request: Pick<FastifyRequest, 'headers'>): HttpError | null {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return null;
  return new HttpError(415, COMPRESSED_BODY);
}

function refuse(field: string): HttpError {
  // The path is made of the client's keys; one named `__proto__` would vanish from the answer.
  const errors = keyedRecordOf([[field === '__proto__' ? 'error' : field, [INVALID_CHARACTERS]]]);
  return new HttpError(422, INVALID_CHARACTERS, { errors, code: ERROR_CODES.validationFailed });
}

export function installInputGuard(app: FastifyInstance): void {
  // Query, route parameters and headers are parsed before onRequest; the body only later.
  // Callback-style: they run on every request, and a promise per hook is measurable there.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const field =
      findBadText(request.query) ??
      findBadText(request.params) ??
      (findBadText(request.headers) === null ? null : 'error');
    done(field === null ? (compressedBody(request) ?? undefined) : refuse(field));
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const field = findBadText(request.body);
    done(field === null ? undefined : refuse(field));
  });
}
