// Errors a service or route throws on purpose. The error handler turns them into ARCHITECTURE §4's shape.
import { STATUS_MESSAGES, type ErrorBody } from '@contract/api/common';

type Status = keyof typeof STATUS_MESSAGES;

export class HttpError extends Error {
  constructor(
    readonly statusCode: Status,
    message: string = STATUS_MESSAGES[statusCode],
    readonly errors: Record<string, string[]> = { error: [message] },
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

export const notFound = (message: string = STATUS_MESSAGES[404]) => new HttpError(404, message);

export const unauthorized = (message: string = STATUS_MESSAGES[401]) => new HttpError(401, message);

export const forbidden = (message: string = STATUS_MESSAGES[403]) => new HttpError(403, message);

export const conflict = (message: string) => new HttpError(409, message);

/** 422 for one field: invalid input the schema could not catch (wrong password, used code…). */
export const invalidField = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });

/** The most specific text is both the message and errors.error[0] (what SPEC §8 reads). */
export function errorBody(status: Status, detail?: string): ErrorBody {
  const message = detail ?? STATUS_MESSAGES[status];
  return { message, errors: { error: [message] } };
}
