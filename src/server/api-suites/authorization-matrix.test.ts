// Every operation of the OpenAPI document, called as a guest, as parent A, as parent B on A's ids, as a
// caregiver of A's family, and
// each staff role (administrator, editor, support) on A's ids, against the statuses of expected-access.ts
// — the back office's derived from the roles' table the guards admit by. B and staff must leave A exactly
// as A was (database rows and A's own view of the profile) and must not see any of A's data in their
// answers.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { defaultSeedContent } from '../db/seed/default-content';
import { seedDatabase } from '../db/seed/seed';
import { manualClock } from '../testing/fixtures';
import { startFakeSberbank, type FakeSberbank } from '../testing/fake-sberbank';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  EXPECTED_ACCESS,
  NOT_STAFF_OPERATIONS,
  ROLES,
  STAFF,
  STAFF_OPERATIONS,
  type Role,
} from './expected-access';
import {
  createCaregiver,
  createFamily,
  familySnapshot,
  type Family,
  type FixtureDeps,
} from './families';
import { fillPath, isApiPath, readOperations, type Operation } from './openapi-operations';
import { REQUEST_SAMPLES, type Sample } from './request-samples';

// A fixed clock: sessions are then never touched by a read (last_used_at stays), and ages stay the same.
const { clock } = manualClock('2026-03-02T09:00:00Z');

let database: TestDatabase;
let config: Config;
let bank: FakeSberbank | undefined;
let deps: FixtureDeps;
let operations: Operation[];

beforeAll(async () => {
  database = await createTestDatabase();
  bank = await startFakeSberbank();
  // Register calls reach a gateway: a fake one on a local socket, so the bank never answers 5xx here.
  config = testConfig({ SBERBANK_API_URL: bank.apiUrl });
  deps = { db: database.db, clock };
  await seedDatabase({ db: database.db, config, content: defaultSeedContent });
  const app = await createTestApp({ db: database.db, config, clock });
  try {
    operations = (await readOperations(app)).filter((op) => isApiPath(op.path));
  } finally {
    await app.close();
  }
});

afterAll(async () => {
  await database?.close();
  await bank?.close();
});

const BARE: Sample = { build: () => ({}) };
const sampleOf = (key: string) => REQUEST_SAMPLES[key] ?? BARE;
const tableKeys = Object.keys(EXPECTED_ACCESS).sort();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the expected-access table', () => {
  it('lists exactly the /api operations of the OpenAPI document', () => {
    const documented = operations.map((op) => op.key);
    const missing = documented.filter((key) => !(key in EXPECTED_ACCESS));
    const stale = tableKeys.filter((key) => !documented.includes(key));
    expect(
      { missing, stale },
      'write the expected statuses of new operations into api-suites/expected-access.ts ' +
        '(and remove entries of operations that are gone)',
    ).toEqual({ missing: [], stale: [] });
  });

  it('takes every back-office call’s staff statuses from the roles’ table', () => {
    const byHand = operations
      .map((op) => op.key)
      .filter((key) => key.includes(' /api/admin/'))
      .filter((key) => !(key in STAFF_OPERATIONS) && !NOT_STAFF_OPERATIONS.includes(key));
    expect(byHand, 'name the capability of each /api/admin call in STAFF_OPERATIONS').toEqual([]);
  });

  it('has a request sample for every operation that needs a body or a parameter', () => {
    const needing = operations.filter(
      (op) =>
        op.bodyRequired ||
        op.parameters.some((p) => p.in === 'path' || (p.in === 'query' && p.required)),
    );
    const without = needing.map((op) => op.key).filter((key) => !(key in REQUEST_SAMPLES));
    const stale = Object.keys(REQUEST_SAMPLES).filter((key) => !(key in EXPECTED_ACCESS));
    expect({ without, stale }, 'api-suites/request-samples.ts').toEqual({ without: [], stale: [] });
  });

  it("has another parent refused wherever a request names one of A's records", () => {
    const open = Object.entries(REQUEST_SAMPLES)
      .filter(([, sample]) => sample.addressesOwnerRecord)
      .filter(([key]) => ![403, 404].includes(EXPECTED_ACCESS[key]?.other ?? 0))
      .map(([key]) => key);
    expect(open).toEqual([]);
  });
});

/** A's profile as A sees it. */
async function profileOf(app: FastifyInstance, family: Family): Promise<unknown> {
  const res = await app.inject({ url: '/api/profile/show', headers: bearer(family.token) });
  return { status: res.statusCode, body: res.json() as unknown };
}

const isStaff = (role: Role): role is (typeof STAFF)[number] =>
  (STAFF as readonly string[]).includes(role);

async function callerFor(role: Role, owner: Family, withChild: boolean): Promise<Family> {
  if (role === 'other') return createFamily(deps, { withChild });
  if (role === 'caregiver') return createCaregiver(deps, owner);
  if (isStaff(role)) return createFamily(deps, { role, withChild });
  return owner;
}

async function runCase(app: FastifyInstance, role: Role, key: string): Promise<void> {
  const operation = operations.find((op) => op.key === key);
  if (!operation) throw new Error(`${key} is not in the OpenAPI document any more`);
  const expected = EXPECTED_ACCESS[key]?.[role];
  if (expected === undefined) throw new Error(`no expected status for ${key}`);
  const sample = sampleOf(key);
  const withChild = !sample.childless;
  const owner = await createFamily(deps, { withChild });
  const self = await callerFor(role, owner, withChild);
  const request = await sample.build({ role, owner, self, deps: { ...deps, config } });

  // A is guarded whenever the caller is not A: always for B and the administrator, and for a guest or
  // A's caregiver that the table refuses (a guest's successful sign-in or mail link does change A, by
  // design, and so does a caregiver playing A's lessons).
  const refused = (role === 'anonymous' || role === 'caregiver') && expected >= 400;
  const guarded = role === 'other' || isStaff(role) || refused;
  const profileBefore = guarded ? await profileOf(app, owner) : undefined;
  const rowsBefore = guarded ? await familySnapshot(database.db, owner.id) : undefined;

  const params = Object.fromEntries(
    Object.entries(request.params ?? {}).map(([name, value]) => [name, encodeURIComponent(value)]),
  );
  const res = await app.inject({
    method: operation.method as 'GET' | 'POST',
    url: fillPath(operation.path, params),
    query: request.query,
    headers: { ...request.headers, ...(role === 'anonymous' ? {} : bearer(self.token)) },
    cookies: request.cookies,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });

  expect
    .soft(res.statusCode, `${key} as ${role} answered ${res.body.slice(0, 600)}`)
    .toBe(expected);

  const admitted = sample.staffSeesFamilies === true && isStaff(role) && expected < 400;
  if (role !== 'parent' && !admitted) {
    // A caregiver admitted sees A's children, never A's address or surname.
    const shared = role === 'caregiver' && expected < 400;
    for (const secret of [owner.email, owner.surname, shared ? undefined : owner.child?.name]) {
      if (secret === undefined) continue;
      expect.soft(res.body, `${key} as ${role}: A's data in the answer`).not.toContain(secret);
    }
  }

  if (guarded) {
    expect
      .soft(await familySnapshot(database.db, owner.id), `${key} as ${role} changed A's rows`)
      .toEqual(rowsBefore);
    expect
      .soft(await profileOf(app, owner), `${key} as ${role} changed what A sees`)
      .toEqual(profileBefore);
  }
}

describe.each(ROLES)('as %s', (role) => {
  // An app per role: rate limits (per address, in process) start from zero for each role.
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ db: database.db, config, clock });
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(tableKeys)('%s', async (key) => {
    await runCase(app, role, key);
  });
});
