// NUL bytes and lone surrogates are refused at the edge, wherever they come, and change nothing.
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { INVALID_CHARACTERS, findBadText } from './input-guard';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const userCount = async () => (await database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

let next = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  next += 1;
  return {
    email: `guard-${next}@example.ru`,
    password: 'надёжный-пароль',
    name: 'Оля',
    consent_personal_data: true,
    ...overrides,
  };
};

function register(payload: unknown, query = '', address = `192.0.2.${next + 1}`) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/register${query}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: address,
  });
}

describe('the input guard', () => {
  it('refuses NUL and lone surrogates in the query, the body, its keys and route parameters', async () => {
    const before = await userCount();
    const cases = [
      [await register(registration(), '?utm_source=%00'), 'utm_source'],
      [await register(registration({ name: 'Оля\u0000' })), 'name'],
      [await register(registration({ name: 'Оля\ud800' })), 'name'],
      [await register({ ...registration(), nested: { ['k\u0000']: 1 } }), 'nested.k\u0000'],
      [await register({ ...registration(), list: ['a', 'b\udc00'] }), 'list.1'],
      [await app.inject({ url: '/api/page/a%00b' }), 'slug'],
    ] as const;
    for (const [res, field] of cases) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        message: INVALID_CHARACTERS,
        errors: { [field]: [INVALID_CHARACTERS] },
      });
    }
    expect(await userCount()).toBe(before);
  });

  it('lets Cyrillic, emoji and ordinary punctuation through', async () => {
    const res = await register(
      registration({ name: 'Оля-Мария' }),
      '?utm_source=%D0%BF%D0%BE%D1%87%D1%82%D0%B0&utm_content=%F0%9F%90%B0',
    );
    expect(res.statusCode, res.body).toBe(201);
    // Broken UTF-8 in a page address (%ED%A0%80 would be a lone surrogate) decodes to nothing harmful.
    expect((await register(registration(), '?ref=%ED%A0%80')).statusCode).toBe(201);
  });

  it('finds the first bad place, keys included, and stops at absurd depth', () => {
    expect(findBadText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findBadText({ 'k\ud83d': 1 })).toBe('k\ud83d');
    expect(findBadText({ a: '🐰', b: 1, c: null })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = { d: deep };
    expect(findBadText(deep)).not.toBeNull();
  });
});
