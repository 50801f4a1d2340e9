// Seeded fuzz over every operation of the OpenAPI document: wrong types, missing and extra fields, huge
// and odd strings, bad JSON, wrong content types, odd query strings, paths and headers — as a guest and
// with a valid parent token. No answer may be a 5xx, and every 4xx under /api keeps the error shape.
// FUZZ_SEED and FUZZ_REQUESTS replay or widen a run (the failure message prints both); FUZZ_VERBOSE=1
// prints the statuses each operation and mutation got, to see what a run reached.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { defaultSeedContent } from '../db/seed/default-content';
import { seedDatabase } from '../db/seed/seed';
import { createSession } from '../modules/auth/service';
import { manualClock } from '../testing/fixtures';
import { startFakeSberbank, type FakeSberbank } from '../testing/fake-sberbank';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createFamily } from './families';
import { generateRequest, type FuzzRequest, type Hints } from './fuzz-cases';
import { fuzzHints } from './fuzz-hints';
import { describeFindings, misshapenErrors, serverErrors, type FuzzAnswer } from './fuzz-report';
import { readOperations, type Operation } from './openapi-operations';
import { createPrng } from './prng';

const DEFAULT_SEED = 20260302;
const DEFAULT_REQUESTS = 3600;

function wholeNumber(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  // A typo must not quietly become seed 0 or a run of no requests.
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not ${value}`);
  return Number(value);
}

const seed = wholeNumber('FUZZ_SEED', DEFAULT_SEED);
const requests = wholeNumber('FUZZ_REQUESTS', DEFAULT_REQUESTS);
/** A fresh app every this many requests: rate limits start over, so handlers behind them are reached. */
const BATCH = 300;
/** A fresh parent every this many: the fuzz deletes children, links and whole accounts on its way. */
const FAMILY_EVERY = 50;

const { clock } = manualClock('2026-03-02T09:00:00Z');

let database: TestDatabase;
let config: Config;
let bank: FakeSberbank | undefined;
const answers: FuzzAnswer[] = [];
/** Requests the HTTP client would not even send (a header Node refuses): not the server's doing. */
const unsent: { request: FuzzRequest; error: string }[] = [];

async function send(app: FastifyInstance, request: FuzzRequest, token: string | null) {
  const headers = token
    ? { ...request.headers, authorization: `Bearer ${token}` }
    : request.headers;
  try {
    const res = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    answers.push({
      request,
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.body,
    });
  } catch (error) {
    unsent.push({ request, error: String(error) });
  }
}

async function runFuzz(operations: Operation[]): Promise<void> {
  const prng = createPrng(seed);
  const deps = { db: database.db, clock, config };
  let family = await createFamily(deps);
  let hints: Hints = await fuzzHints(deps, family);
  let app: FastifyInstance | undefined;
  try {
    for (let index = 0; index < requests; index += 1) {
      if (index % BATCH === 0) {
        await app?.close();
        app = await createTestApp({ db: database.db, config, clock });
      }
      if (index % FAMILY_EVERY === 0) {
        family = await createFamily(deps);
        hints = await fuzzHints(deps, family);
      }
      const operation = operations[index % operations.length];
      if (!operation || !app) throw new Error('nothing to fuzz');
      const request = generateRequest(operation, prng, hints, index);
      let token: string | null = null;
      if (request.authed) {
        // A session per request: logout, a password change or an account deletion may end the last one.
        token = await createSession({ db: database.db, clock, userId: family.id }).catch(
          () => null,
        );
        if (token === null) {
          family = await createFamily(deps);
          hints = await fuzzHints(deps, family);
          token = await createSession({ db: database.db, clock, userId: family.id });
        }
      }
      await send(app, request, token);
    }
  } finally {
    await app?.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  bank = await startFakeSberbank();
  // Register calls reach a gateway: a fake one on a local socket, so the bank never answers 5xx here.
  config = testConfig({ SBERBANK_API_URL: bank.apiUrl });
  await seedDatabase({ db: database.db, config, content: defaultSeedContent });
  const app = await createTestApp({ db: database.db, config, clock });
  let operations: Operation[];
  try {
    operations = await readOperations(app);
  } finally {
    await app.close();
  }
  await runFuzz(operations);
}, 600_000);

afterAll(async () => {
  await database?.close();
  await bank?.close();
  if (process.env.FUZZ_VERBOSE) console.warn(statistics());
});

/** FUZZ_VERBOSE: statuses per operation and per mutation, to see what the run reached. */
function statistics(): string {
  const table = new Map<string, Map<number, number>>();
  const count = (key: string, status: number) => {
    const row = table.get(key) ?? new Map<number, number>();
    row.set(status, (row.get(status) ?? 0) + 1);
    table.set(key, row);
  };
  for (const { request, status } of answers) count(request.operation, status);
  for (const { request, status } of answers) {
    count(`mutation ${request.mutation.split(' + ')[0] ?? ''}`, status);
  }
  const lines = [...table].map(
    ([key, row]) => `${key}: ${[...row].map(([s, n]) => `${s}×${n}`).join(' ')}`,
  );
  return [`${answers.length} answers, ${unsent.length} not sent`, ...lines].join('\n');
}

describe(`fuzz (seed ${seed}, ${requests} requests)`, () => {
  const run = { seed, requests };

  it('sends the requests it was asked to', () => {
    expect(answers.length + unsent.length).toBe(requests);
    // A few headers Node refuses are expected; many would mean the generator, not the server, is off.
    expect(unsent.length, JSON.stringify(unsent.slice(0, 5))).toBeLessThan(requests / 100);
  });

  it('answers no request with a 5xx', () => {
    const findings = serverErrors(answers);
    expect(findings.length, describeFindings('5xx answers', findings, run)).toBe(0);
  });

  it('answers every 4xx under /api with {code, message, errors}', () => {
    const findings = misshapenErrors(answers);
    expect(findings.length, describeFindings('4xx without the error shape', findings, run)).toBe(0);
  });
});
