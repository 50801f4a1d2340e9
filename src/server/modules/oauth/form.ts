// application/x-www-form-urlencoded bodies (Facebook's callback, the sandbox providers): one value per
// name, the first wins, so a body is always a flat record of strings.
import type { FastifyRequest } from 'fastify';

export function formToRecord(body: string): Record<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(body))
    if (!values.has(key)) values.set(key, value);
  // fromEntries defines own properties: a field named __proto__ stays a field.
  return Object.fromEntries(values);
}

export function parseForm(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  done(null, formToRecord(typeof body === 'string' ? body : body.toString('utf8')));
}
