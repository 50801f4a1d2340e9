import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  children,
  consents,
  emailTokens,
  jobs,
  lessonStats,
  mailOutbox,
  sessions,
  socialAccounts,
  users,
} from '../../db/schema/index';
import type { TestDatabase } from '../../testing/test-database';
import { useProfileApp } from '../../testing/profile';
import { bearer, deliveredMail } from '../../testing/accounts';
import { LIMITS } from '../auth/limits';
import { CONFIRM_REQUIRED, PASSWORD_REQUIRED, WRONG_PASSWORD } from './service';

const profile = useProfileApp();
const { deps, parent, socialParent, show, post } = profile;
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(() => {
  ({ database, app } = profile);
});
let address: number;
beforeEach(() => {
  ({ address } = profile);
});

/** Status codes of n requests sent at once. */
async function parallelStatuses(n: number, send: (i: number) => ReturnType<typeof post>) {
  const replies = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return replies.map((r) => r.statusCode);
}

async function addChildWithStats(userId: number, name: string) {
  const [child] = await database.db
    .insert(children)
    .values({ userId, name, birthDate: '2021-05-01', ageGroup: 'four-five' })
    .returning();
  if (!child) throw new Error('insert failed');
  await database.db.insert(lessonStats).values([
    { childId: child.id, lessonKey: 'week-1', watchedSeconds: 120 },
    { childId: child.id, lessonKey: 'week-2', watchedSeconds: 30 },
  ]);
  return child.id;
}

async function statsOf(childId: number) {
  const [row] = await database.db
    .select({ n: count() })
    .from(lessonStats)
    .where(eq(lessonStats.childId, childId));
  return row?.n ?? 0;
}

describe('GET /api/profile/deleteLessonStats and /api/profile/deleteChildren', () => {
  it('erase the statistics (children stay), then the children, of this family only', async () => {
    const a = await parent();
    const b = await parent();
    const childA = await addChildWithStats(a.id, 'Вася');
    const childB = await addChildWithStats(b.id, 'Петя');

    const stats = await app.inject({
      url: '/api/profile/deleteLessonStats',
      headers: bearer(a.token),
    });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ data: { status: 'ok' } });
    expect(await statsOf(childA)).toBe(0);
    expect(await statsOf(childB)).toBe(2);
    expect((await show(a.token)).json().data.children).toHaveLength(1);

    const kids = await app.inject({ url: '/api/profile/deleteChildren', headers: bearer(a.token) });
    expect(kids.statusCode).toBe(200);
    expect((await show(a.token)).json().data.children).toEqual([]);
    expect((await show(b.token)).json().data.children).toHaveLength(1);
    expect(await statsOf(childB)).toBe(2);
  });

  it('need a signed-in parent', async () => {
    for (const url of ['/api/profile/deleteLessonStats', '/api/profile/deleteChildren']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/profile/delete', () => {
  it('erases the parent and everything of the family (152-FZ)', async () => {
    const p = await parent();
    const other = await parent();
    const child = await addChildWithStats(p.id, 'Маша');
    await addChildWithStats(other.id, 'Даша');
    await database.db
      .insert(socialAccounts)
      .values({ userId: p.id, provider: 'vk', providerUserId: `vk-erase-${p.id}` });
    await deliveredMail(app, deps(), p.email); // the confirmation reached the outbox
    await app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification-link',
      headers: bearer(p.token),
    }); // and another is still queued
    // Jobs of every other status keep the address in their payload as well.
    for (const status of ['running', 'failed'] as const) {
      await database.db
        .insert(jobs)
        .values({ kind: 'mail', status, payload: { template: 'password-changed', to: p.email } });
    }
    const statuses = async (email: string) =>
      (await database.db.select().from(jobs))
        .filter((j) => j.payload.to === email)
        .map((j) => j.status)
        .sort();
    expect(await statuses(p.email)).toEqual(['done', 'failed', 'pending', 'running']);
    const othersJobs = await statuses(other.email);
    expect(othersJobs).toContain('done');

    const res = await post('/api/profile/delete', p.token, { password: p.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });

    expect((await show(p.token)).statusCode).toBe(401);
    for (const [table, column] of [
      [sessions, sessions.userId],
      [consents, consents.userId],
      [emailTokens, emailTokens.userId],
      [socialAccounts, socialAccounts.userId],
      [children, children.userId],
    ] as const) {
      const [row] = await database.db.select({ n: count() }).from(table).where(eq(column, p.id));
      expect(row?.n).toBe(0);
    }
    expect(await statsOf(child)).toBe(0);
    expect(await database.db.select().from(users).where(eq(users.id, p.id))).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, p.email))).toEqual(
      [],
    );
    expect(await statuses(p.email)).toEqual([]);
    expect(await statuses(other.email)).toEqual(othersJobs);

    // The other family is untouched.
    expect((await show(other.token)).json().data.children).toHaveLength(1);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: p.email, password: p.password },
          remoteAddress: `100.64.2.${address}`,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('lets no more wrong passwords through than the limit, even all at once', async () => {
    const p = await parent();
    const codes = await parallelStatuses(30, (i) =>
      post('/api/profile/delete', p.token, { password: `guess-${i}` }),
    );
    expect(codes.filter((c) => c === 422)).toHaveLength(LIMITS.passwordCheckFailuresPerUser.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(
      30 - LIMITS.passwordCheckFailuresPerUser.max,
    );
    expect((await show(p.token)).statusCode).toBe(200);
  });

  it('wants the right password from an account that has one', async () => {
    const p = await parent();
    const none = await post('/api/profile/delete', p.token, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ password: [PASSWORD_REQUIRED] });
    const word = await post('/api/profile/delete', p.token, { confirm: 'УДАЛИТЬ' });
    expect(word.json().errors).toEqual({ password: [PASSWORD_REQUIRED] });
    const wrong = await post('/api/profile/delete', p.token, { password: 'не-тот-пароль' });
    expect(wrong.json().errors).toEqual({ password: [WRONG_PASSWORD] });
    expect((await show(p.token)).statusCode).toBe(200);
  });

  it('wants the word УДАЛИТЬ from an account without a password', async () => {
    const s = await socialParent();
    for (const confirm of [undefined, '', 'удалить бы']) {
      const res = await post('/api/profile/delete', s.token, { confirm });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ confirm: [CONFIRM_REQUIRED] });
    }
    expect((await post('/api/profile/delete', s.token, { confirm: 'удалить' })).statusCode).toBe(
      200,
    );
    expect((await show(s.token)).statusCode).toBe(401);
  });

  it('needs a signed-in parent and a JSON object', async () => {
    expect((await post('/api/profile/delete', null, { confirm: 'УДАЛИТЬ' })).statusCode).toBe(401);
    const p = await parent();
    const notAnObject = await app.inject({
      method: 'POST',
      url: '/api/profile/delete',
      payload: '"УДАЛИТЬ"',
      headers: { ...bearer(p.token), 'content-type': 'application/json' },
    });
    expect(notAnObject.statusCode).toBe(422);
    expect(notAnObject.json().errors).toEqual({ error: ['Ожидается объект'] });
    expect((await show(p.token)).statusCode).toBe(200);
  });
});
