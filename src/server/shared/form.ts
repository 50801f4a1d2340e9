// application/x-www-form-urlencoded bodies (Facebook's callback, the sandbox providers): one value per
// name, the first wins, so a body is always a flat record of strings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keyedRecordOf } from '../plugins/request-keys';

export function formToRecord(body: string): Record<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body))
    if (!values.has(key)) values.set(key, value);
  // No prototype: a field named __proto__ stays a field, and a missing one never reads an inherited method.
  return keyedRecordOf(values);
}

export function parseForm(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  done(null, formToRecord(typeof body === 'string' ? body : body.toString('utf8')));
}

/** Lets this plugin's routes take form bodies (16 KB by default), once per encapsulation context. */
export function acceptForms(app: FastifyInstance, bodyLimit = 16_384): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    parseForm,
  );
}
