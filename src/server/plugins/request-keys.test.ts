// A client may name its query, body and form fields after what every object inherits (`constructor`,
// `toString`, `__proto__`…). The bank's callback takes any names, so it is where such keys go furthest:
// its answers stay the usual 200, 403 or 422 in the one error shape, never a 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackChecksum } from '../integrations/sberbank/checksum';
import { formToRecord } from '../shared/form';
import { stringFields } from '../sandbox/oauth/fields';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { INVALID_CHARACTERS } from './input-guard';

const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const CALLBACK = '/api/payments/sberbank/callback';
/** Longer than the callback's limit for one value (512). */
const TOO_LONG = 'x'.repeat(600);
const config = testConfig();

let database: TestDatabase;
let app: FastifyInstance;
let address = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

interface Answer {
  status: number;
  body: { code?: unknown; message?: unknown; errors?: unknown; data?: unknown };
  contentType: string;
}

async function send(
  method: 'GET' | 'POST',
  query: string,
  payload?: string,
  contentType = 'application/json',
): Promise<Answer> {
  address += 1;
  const res = await app.inject({
    method,
    url: `${CALLBACK}${query}`,
    remoteAddress: `198.51.100.${address % 250}`,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': contentType } }),
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Answer['body'],
    contentType: String(res.headers['content-type']),
  };
}

/** The one error shape, with a Russian message and every field's messages as text. */
function expectErrorShape(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.body.code).toBe(code);
  expect(answer.body.message).toMatch(/[а-яё]/i);
  const errors = answer.body.errors as Record<string, unknown>;
  expect(Object.keys(errors).length).toBeGreaterThan(0);
  for (const messages of Object.values(errors)) {
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/[а-яё]/i)]));
  }
}

/** Pairs, not an object: an object literal would take `__proto__` for its prototype. */
const encode = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

/** The schema drops a parameter named __proto__ (a JSON body naming it is refused before that). */
const DROPPED = '__proto__';
const KEPT = INHERITED.filter((name) => name !== DROPPED);

describe('the bank callback under names every object inherits', () => {
  it.each(KEPT)('answers 422 for a too long %s in the query, the JSON and a form', async (name) => {
    const fromQuery = await send('GET', `?${encode([[name, TOO_LONG]])}`);
    expectErrorShape(fromQuery, 422, 'validation_failed');
    expect(Object.keys(fromQuery.body.errors as object)).toEqual([name]);

    const form = encode([[name, TOO_LONG]]);
    const fromForm = await send('POST', '', form, 'application/x-www-form-urlencoded');
    expectErrorShape(fromForm, 422, 'validation_failed');
    expect(Object.keys(fromForm.body.errors as object)).toEqual([name]);

    const fromJson = await send('POST', '', `{${JSON.stringify(name)}:1}`);
    expectErrorShape(fromJson, 422, 'validation_failed');
    expect(Object.keys(fromJson.body.errors as object)).toEqual([name]);
  });

  it.each(KEPT)('answers a signed callback naming %s 200, an unsigned one 403', async (name) => {
    const params: [string, string][] = [
      ['mdOrder', 'no-such-order'],
      [name, '1'],
    ];
    const checksum = callbackChecksum(Object.fromEntries(params), config.sberbank.callbackKey);
    const signed = encode([...params, ['checksum', checksum]]);
    const get = await send('GET', `?${signed}`);
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ data: { received: true } });
    const form = await send('POST', '', signed, 'application/x-www-form-urlencoded');
    expect(form.body).toEqual({ data: { received: true } });

    expectErrorShape(await send('GET', `?${encode(params)}`), 403, 'forbidden');
    const unsigned = await send('POST', '', encode(params), 'application/x-www-form-urlencoded');
    expectErrorShape(unsigned, 403, 'forbidden');
  });

  it('drops a parameter named __proto__ and refuses a JSON body naming it', async () => {
    // Dropped, so the signature (made with it) no longer matches: the callback is not the bank's.
    const params: [string, string][] = [
      ['mdOrder', 'no-such-order'],
      [DROPPED, TOO_LONG],
    ];
    const checksum = callbackChecksum(Object.fromEntries(params), config.sberbank.callbackKey);
    const signed = encode([...params, ['checksum', checksum]]);
    expectErrorShape(await send('GET', `?${signed}`), 403, 'forbidden');
    const form = await send('POST', '', signed, 'application/x-www-form-urlencoded');
    expectErrorShape(form, 403, 'forbidden');
    expectErrorShape(await send('POST', '', `{"${DROPPED}":1}`), 400, 'bad_request');
  });

  it('keeps a bad character under a field named __proto__ in the answer', async () => {
    const answer = await send('GET', `?${DROPPED}=%00`);
    expectErrorShape(answer, 422, 'validation_failed');
    expect(answer.body.errors).toEqual({ error: [INVALID_CHARACTERS] });
  });
});

describe('form fields and provider parameters', () => {
  it('read a field the client did not send as absent, whatever its name', () => {
    for (const record of [formToRecord('a=1'), stringFields({ a: '1' })]) {
      for (const name of INHERITED) expect(record[name]).toBeUndefined();
    }
    const hostile = formToRecord(
      encode([
        [DROPPED, 'x'],
        ['constructor', 'y'],
      ]),
    );
    expect(Object.entries(hostile)).toEqual([
      [DROPPED, 'x'],
      ['constructor', 'y'],
    ]);
  });
});
