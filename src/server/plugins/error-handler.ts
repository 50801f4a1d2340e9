// The one place errors become responses: the one {code, message, errors} shape of docs/ARCHITECTURE.md «Error codes», Russian text,
// 422 for invalid input, 503 with Retry-After when the database is away, and nothing of the internals in
// a 5xx.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, STATUS_MESSAGES, type ErrorCode } from '@contract/api/values';
import type { ErrorBody } from '@contract/api/common';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError, errorBody, type Status } from './errors';
import { keyedRecord } from './request-keys';

/** Seconds a client is asked to wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, in words a parent understands, with their codes. */
const FRAMEWORK_ERRORS: Record<string, [string, ErrorCode?]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['Тело запроса — некорректный JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['Тело запроса пустое, а указан формат JSON'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['Неподдерживаемый формат данных: отправьте JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['Слишком большой запрос'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['Длина запроса не совпадает с заголовком Content-Length'],
  FST_ERR_BAD_URL: ['Некорректный адрес запроса'],
  FST_ERR_MAX_PARAM_LENGTH: ['Слишком длинный адрес запроса'],
  FST_ERR_ASYNC_CONSTRAINT: ['Некорректный запрос'],
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** `/children/0/name` → `children.0.name`; the whole body or query → `error`. */
function fieldName(instancePath: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path === '' ? 'error' : path;
}

export function validationBody(issues: ValidationIssue[]): ErrorBody {
  // Field paths are the client's own keys (`constructor`, `toString`…): no inherited entry may answer.
  const errors = keyedRecord<string[]>();
  for (const issue of issues) {
    const field = fieldName(issue.instancePath);
    const message = issue.message ?? STATUS_MESSAGES[422];
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  const first = Object.values(errors)[0]?.[0];
  return { code: ERROR_CODES.validationFailed, message: first ?? STATUS_MESSAGES[422], errors };
}

function isStatus(code: number): code is Status {
  return code in STATUS_MESSAGES;
}

export function sendError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  // Whatever a route set for a success (cache headers of a public answer) does not describe an error.
  reply.header('cache-control', 'no-store');
  if (error instanceof HttpError) {
    if (error.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(error.statusCode).send(error.toBody());
  }

  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation) && fastifyError.validation.length > 0) {
    return reply.status(422).send(validationBody(fastifyError.validation));
  }

  if (isDatabaseUnavailable(error)) {
    // Expected during an outage: one warning line, without the query or its parameters.
    request.log.warn({ err_code: (error as { code?: unknown }).code }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(503).send(errorBody(503));
  }

  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = isStatus(status) ? status : 400;
    const [detail, errorCode] = (fastifyError.code && FRAMEWORK_ERRORS[fastifyError.code]) || [];
    // The status stays as Fastify chose it (414, 431…); the body borrows the nearest known message.
    return reply.status(status).send(errorBody(code, detail, errorCode));
  }

  request.log.error({ err: error }, 'request failed');
  const code = status === 503 ? 503 : 500;
  if (code === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(code).send(errorBody(code));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
}
