// Odd input to the sandboxes (the outbox and the OAuth providers): wrong types, repeated and missing
// fields, NUL, huge values, unknown ids, wrong content types. Each gets a 4xx with a reason, never a 500.
import { INVALID_CHARACTERS } from '../plugins/input-guard';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/runner';
import { queueMail } from '../integrations/mail/queue';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
const PUBLIC_URL = 'https://umnyashki.example';
const config = testConfig({ PUBLIC_URL });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
  await queueMail(database.db, {
    template: 'confirmation',
    to: 'mama@example.ru',
    data: { name: 'Анна', url: `${PUBLIC_URL}/confirmed?verified_token=tok` },
  });
  await runDueJobs({ db: database.db, config });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (options: InjectOptions) => app.inject(options);

describe('the mail outbox', () => {
  it('never lets a NUL in the recipient filter reach the database: the edge refuses it', async () => {
    for (const url of [
      '/sandbox/mail/api/messages?to=mama%00@example.ru',
      '/sandbox/mail?to=mama%00@example.ru',
    ]) {
      const res = await call({ url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { to: [INVALID_CHARACTERS] },
      });
    }
  });

  it('answers a repeated or over-long filter with a 4xx in the shape of each kind of page', async () => {
    const repeated = await call({ url: '/sandbox/mail/api/messages?to=a@b.ru&to=c@d.ru' });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().code).toBe('validation_failed');
    expect(repeated.json().errors.to).toHaveLength(1);

    for (const url of [
      '/sandbox/mail?to=a@b.ru&to=c@d.ru',
      `/sandbox/mail?to=${'x'.repeat(400)}`,
    ]) {
      const page = await call({ url });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Не получилось найти письма');
    }
  });

  it('still finds the mail with a good filter', async () => {
    const res = await call({ url: '/sandbox/mail/api/messages?to=Mama@Example.ru' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect((await call({ url: '/sandbox/mail?to=mama@example.ru' })).statusCode).toBe(200);
  });

  it('answers unknown, non-numeric, huge and NUL-carrying ids with the not-found page', async () => {
    for (const id of ['999999999', '99999999999999999999', 'abc', '-1', '1.5']) {
      for (const suffix of ['', '/html']) {
        const res = await call({ url: `/sandbox/mail/${id}${suffix}` });
        expect(res.statusCode, `${id}${suffix}`).toBe(404);
        expect(res.body).toContain('Письмо не найдено');
      }
    }
    // A NUL in the id is refused at the edge, before any lookup.
    expect((await call({ url: '/sandbox/mail/1%00' })).statusCode).toBe(422);
  });
});
