// The lesson uploads' answers in the API's one error shape. @tus/server refuses in English plain text,
// some of it (a missing Tus-Resumable, a malformed tus header) without asking any hook; every refusal is
// turned here into {code, message, errors} in Russian, as JSON, with the status tus clients go by kept.
import { ERRORS } from '@tus/utils';
import type { ErrorBody } from '@contract/api/common';
import { ERROR_CODES, type ErrorCode } from '@contract/api/values';
import { MAX_UPLOAD_BYTES, formatBytes } from '@contract/media-uploads';

/** What a tus hook throws (and onResponseError returns) to refuse a request. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export const UPLOAD_NOT_FOUND = 'Загрузка не найдена: начните её заново';
export const START_AGAIN = 'Неверный запрос загрузки — начните её заново';
export const OUT_OF_ORDER =
  'Часть файла пришла не по порядку — загрузка продолжится с нужного места';
export const PROTOCOL_REQUIRED = 'Нужен протокол загрузки tus 1.0.0 (заголовок Tus-Resumable)';
export const NO_PARALLEL =
  'Загрузка частями параллельно не поддерживается — отправляйте файл по порядку';
export const TOO_BIG = `Файл слишком большой: до ${formatBytes(MAX_UPLOAD_BYTES.video)}`;
export const CHUNK_TYPE = 'Части файла отправляются как application/offset+octet-stream';
export const BAD_HEADERS = 'Неверные заголовки загрузки — начните её заново';
export const STORE_AWAY = 'Не получилось сохранить файл — попробуйте ещё раз через минуту';

/** The code a refusal of a status carries unless it names its own. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  410: ERROR_CODES.uploadExpired,
  412: ERROR_CODES.uploadProtocolRequired,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  422: ERROR_CODES.validationFailed,
  423: ERROR_CODES.uploadBeingChecked,
  503: ERROR_CODES.serviceUnavailable,
};

export function refusal(status: number, message: string, code?: ErrorCode): TusRefusal {
  const body: ErrorBody = {
    code: code ?? STATUS_CODES[status] ?? ERROR_CODES.badRequest,
    message,
    errors: { error: [message] },
  };
  return { status_code: status, body: JSON.stringify(body) };
}

/** tus's own refusals by their English text: [status kept, Russian message, code]. */
const TUS_ERRORS: [{ status_code: number; body: string }, string, ErrorCode?][] = [
  // tus answers 403 for these two; they are malformed requests, not a matter of rights.
  [ERRORS.MISSING_OFFSET, 'Не указано, с какого места продолжить загрузку', ERROR_CODES.badRequest],
  [ERRORS.INVALID_CONTENT_TYPE, CHUNK_TYPE, ERROR_CODES.badRequest],
  [ERRORS.ABORTED, 'Загрузку прервал другой запрос — продолжите её'],
  [ERRORS.INVALID_TERMINATION, 'Загрузка уже закончена — отменить её нельзя'],
  [ERRORS.FILE_NOT_FOUND, UPLOAD_NOT_FOUND],
  [ERRORS.INVALID_OFFSET, OUT_OF_ORDER],
  [ERRORS.FILE_NO_LONGER_EXISTS, 'Загрузка устарела — начните её заново'],
  [ERRORS.ERR_SIZE_EXCEEDED, 'Частей пришло больше, чем размер файла — начните загрузку заново'],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED, TOO_BIG],
  [ERRORS.INVALID_LENGTH, 'Не указан размер файла — начните загрузку заново'],
  [ERRORS.INVALID_METADATA, 'Неверные сведения о файле — начните загрузку заново'],
];

/** By status, for whatever tus says that the list above does not know. */
const BY_STATUS: Record<number, string> = {
  400: START_AGAIN,
  403: START_AGAIN,
  404: UPLOAD_NOT_FOUND,
  409: OUT_OF_ORDER,
  410: 'Загрузка устарела — начните её заново',
  412: PROTOCOL_REQUIRED,
  413: TOO_BIG,
  415: CHUNK_TYPE,
};

export function isOurs(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string';
  } catch {
    return false;
  }
}

/**
 * The refusal a client gets for what tus answered: ours pass as they are; tus's own get their Russian
 * words; a protocol extension tus does not offer (501: Upload-Concat, deferred length) is the request's
 * fault, 400; tus's own failure (a lock, the disk) is 503, to be tried again.
 */
export function schoolRefusal(status: number, body: string): TusRefusal {
  if (isOurs(body)) return { status_code: status, body };
  if (status === 501) return refusal(400, NO_PARALLEL);
  if (status >= 500) return refusal(503, STORE_AWAY);
  const known = TUS_ERRORS.find(([error]) => error.body === body);
  if (known) return refusal(known[0].status_code, known[1], known[2]);
  // Answered before any hook: malformed tus headers ("Invalid upload-metadata content-type").
  if (status === 400 && body.startsWith('Invalid ')) {
    const names = body.slice('Invalid '.length).trim().split(' ');
    return refusal(400, names.includes('content-type') ? CHUNK_TYPE : BAD_HEADERS);
  }
  return refusal(status, BY_STATUS[status] ?? 'Загрузка не удалась — начните её заново');
}

/** An answer as Fastify sends it: tus's status and headers, the body in the one error shape. */
export interface SchoolAnswer {
  status: number;
  headers: [string, string][];
  body: string | undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Fastify sets these for the body it sends. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

export async function schoolAnswer(response: Response): Promise<SchoolAnswer> {
  const text = await response.text();
  const headers = [...response.headers].filter(([name]) => !BODY_HEADERS.has(name));
  if (response.status >= 400) {
    const refused = schoolRefusal(response.status, text);
    return {
      status: refused.status_code,
      headers: [...headers, ['content-type', JSON_TYPE], ['cache-control', 'no-store']],
      body: refused.body,
    };
  }
  if (text === '') return { status: response.status, headers, body: undefined };
  const type = response.headers.get('content-type');
  return {
    status: response.status,
    headers: type ? [...headers, ['content-type', type]] : headers,
    body: text,
  };
}
