// Errors a service or route throws on purpose. The error handler turns them into the one shape of docs/ARCHITECTURE.md «Error codes»:
// a stable machine-readable `code`, a Russian `message`, and field errors (non-field ones under `error`).
import {
  ALREADY_AUTHENTICATED,
  ERROR_CODES,
  STATUS_MESSAGES,
  type ErrorCode,
} from '@contract/api/values';
import type { ErrorBody } from '@contract/api/common';

export type Status = keyof typeof STATUS_MESSAGES;

/** The code an error of a status carries unless the thrower names a more specific one. */
export const STATUS_CODES: Record<Status, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  408: ERROR_CODES.requestTimeout,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  422: ERROR_CODES.validationFailed,
  429: ERROR_CODES.rateLimited,
  500: ERROR_CODES.internalError,
  502: ERROR_CODES.bankRefused,
  503: ERROR_CODES.serviceUnavailable,
};

export class HttpError extends Error {
  readonly errors: Record<string, string[]>;
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: Status,
    message: string = STATUS_MESSAGES[statusCode],
    options: { errors?: Record<string, string[]>; code?: ErrorCode } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.errors = options.errors ?? { error: [message] };
    this.code = options.code ?? STATUS_CODES[statusCode];
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, errors: this.errors };
  }
}

export const notFound = (message: string = STATUS_MESSAGES[404]) => new HttpError(404, message);

export const unauthorized = (message: string = STATUS_MESSAGES[401]) => new HttpError(401, message);

export const forbidden = (message: string = STATUS_MESSAGES[403]) => new HttpError(403, message);

export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) =>
  new HttpError(409, message, { code });

/** docs/ARCHITECTURE.md «Error codes»: a signed-in client calling login or register; the SPA reloads on this code. */
export const alreadyAuthenticated = () =>
  new HttpError(409, ALREADY_AUTHENTICATED, { code: ERROR_CODES.alreadyAuthenticated });

/** 422 for one field: invalid input the schema could not catch (wrong password, used code…). */
export const invalidField = (
  field: string,
  message: string,
  code: ErrorCode = ERROR_CODES.validationFailed,
) => new HttpError(422, message, { errors: { [field]: [message] }, code });

/** The database did not answer (down, frozen, out of connections): the client may retry shortly. */
export const serviceUnavailable = (message: string = STATUS_MESSAGES[503]) =>
  new HttpError(503, message);

/** The most specific text is both the message and errors.error[0] (what docs/ARCHITECTURE.md «Error codes» reads). */
export function errorBody(status: Status, detail?: string, code?: ErrorCode): ErrorBody {
  const message = detail ?? STATUS_MESSAGES[status];
  return { code: code ?? STATUS_CODES[status], message, errors: { error: [message] } };
}
