// Requests Node's HTTP parser refuses before Fastify sees them: headers past 16 KB, a control byte in a
// header, a request past its timeout, anything that is not HTTP. Node hands them to `clientError` with
// only the socket, and every Fastify hook is skipped — so the answer is written here, in the one error
// shape with a Russian message and the headers every JSON answer carries, and the connection is closed.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@contract/api/common';
import { ERROR_CODES, STATUS_MESSAGES, type ErrorCode } from '@contract/api/values';

type Refusal = [status: number, code: ErrorCode, message: string];

export const HEADERS_TOO_LARGE = 'Слишком большие заголовки запроса: очистите cookie сайта';
export const MALFORMED_REQUEST = 'Некорректный HTTP-запрос';

/** Node's parser codes (`HPE_…`) and its own errors, by what the client did wrong. */
const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: [431, ERROR_CODES.headersTooLarge, HEADERS_TOO_LARGE],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, ERROR_CODES.payloadTooLarge, STATUS_MESSAGES[413]],
  ERR_HTTP_REQUEST_TIMEOUT: [408, ERROR_CODES.requestTimeout, STATUS_MESSAGES[408]],
};
const MALFORMED: Refusal = [400, ERROR_CODES.badRequest, MALFORMED_REQUEST];

/** Whatever Node's parser refused, the status, code and message the client gets. */
export function clientRefusal(errorCode: unknown): Refusal {
  return (
    (typeof errorCode === 'string' && Object.hasOwn(REFUSALS, errorCode)
      ? REFUSALS[errorCode]
      : undefined) ?? MALFORMED
  );
}

/** The whole answer as bytes: status line, headers, body (Content-Length counts bytes, not letters). */
export function clientErrorAnswer(
  errorCode: unknown,
  headers: readonly [string, string][],
  requestId: string,
): string {
  const [status, code, message] = clientRefusal(errorCode);
  const body: ErrorBody = { code, message, errors: { error: [message] } };
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(text)}`,
    'cache-control: no-store',
    'connection: close',
    `x-request-id: ${requestId}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

/** A socket that may still take an answer: writable, and no answer of its own half-written on it. */
function canAnswer(socket: Duplex): boolean {
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return socket.writable && !inFlight?.headersSent;
}

/** Fastify's `clientErrorHandler`: `headers` are the security headers of a JSON answer. */
export function clientErrorHandler(headers: readonly [string, string][]) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // The request was never read, so it has no id of its own: a fresh one ties a report to this answer.
    if (canAnswer(socket)) socket.write(clientErrorAnswer(error.code, headers, randomUUID()));
    socket.destroy();
  };
}
