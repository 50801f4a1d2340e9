import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import {
  children,
  familySubscriptions,
  paymentOrders,
  purchases,
  sessions,
  tariffs,
  users,
} from '../../db/schema/index';
import { manualClock } from '../../testing/fixtures';
import type { TestDatabase } from '../../testing/test-database';
import { bearer, deliveredMail, startAccountsApp, stopAccountsApp } from '../../testing/accounts';
import { hashPassword } from '../../shared/passwords';
import { createSession } from '../auth/service';

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
const time = manualClock('2026-11-20T09:00:00Z');
const PASSWORD = 'Family-password-2026';
let serial = 0;

beforeAll(async () => {
  ({ database, config, app } = await startAccountsApp({
    publicUrl: 'http://localhost:3000',
    clock: time.clock,
  }));
});
afterAll(async () => {
  await stopAccountsApp({ database, config, app });
});

async function account(role: 'parent' | 'admin' | 'support', surname = 'Иванова') {
  serial += 1;
  const email = `${role}-users-${serial}@example.ru`;
  const [user] = await database.db
    .insert(users)
    .values({ email, role, name: 'Мария', surname, passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const token = await createSession({
    db: database.db,
    clock: time.clock,
    userId: user.id,
    staff: role !== 'parent',
  });
  return { id: user.id, email, token };
}

const post = (token: string, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload: payload ?? {} });

describe('accounts in the back office', () => {
  it('finds a parent by surname and shows the children', async () => {
    const support = await account('support');
    const parent = await account('parent', 'Черепанова');
    await database.db
      .insert(children)
      .values({ userId: parent.id, name: 'Соня', birthDate: '2021-04-02', ageGroup: 'four-five' });
    const list = await app.inject({
      url: '/api/admin/users?q=черепан',
      headers: bearer(support.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { email: string; children_count: number }[] }>().data).toEqual([
      expect.objectContaining({ email: parent.email, children_count: 1 }),
    ]);
    const one = await app.inject({
      url: `/api/admin/users/${parent.id}`,
      headers: bearer(support.token),
    });
    expect(one.json<{ data: { children: unknown[]; blocked: boolean } }>().data).toMatchObject({
      children: [expect.objectContaining({ name: 'Соня', birth_date: '2021-04-02' })],
      blocked: false,
    });
  });

  it('closes sign-in: every session ends and the password no longer opens the account', async () => {
    const support = await account('support');
    const parent = await account('parent');
    const res = await post(support.token, `/api/admin/users/${parent.id}/block`, { blocked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { blocked: boolean } }>().data.blocked).toBe(true);
    expect(
      (await app.inject({ url: '/api/profile/show', headers: bearer(parent.token) })).statusCode,
    ).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: parent.email, password: PASSWORD },
      remoteAddress: '10.8.0.1',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json<{ message: string }>().message).toMatch(/закрыт/);

    const reopened = await post(support.token, `/api/admin/users/${parent.id}/block`, {
      blocked: false,
    });
    expect(reopened.json<{ data: { blocked: boolean } }>().data.blocked).toBe(false);
  });

  it('leaves staff accounts and one’s own to the administrator', async () => {
    const support = await account('support');
    const admin = await account('admin');
    expect(
      (await post(support.token, `/api/admin/users/${admin.id}/block`, { blocked: true }))
        .statusCode,
    ).toBe(403);
    const self = await post(admin.token, `/api/admin/users/${admin.id}/block`, { blocked: true });
    expect(self.statusCode).toBe(422);
    expect(
      (await app.inject({ url: '/api/admin/auth/me', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
  });

  it('a change of role ends the account’s sessions', async () => {
    const admin = await account('admin');
    const support = await account('support');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${support.id}/role`,
      headers: bearer(admin.token),
      payload: { role: 'parent' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, support.id));
    expect(left).toHaveLength(0);
    expect(
      (await app.inject({ url: '/api/admin/dashboard', headers: bearer(support.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('sends a password reset mail to the account’s address', async () => {
    const support = await account('support');
    const parent = await account('parent');
    const res = await post(support.token, `/api/admin/users/${parent.id}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await deliveredMail(
      app,
      { db: database.db, config, clock: time.clock },
      parent.email,
    );
    expect(mail[0]?.subject).toBe('Восстановление пароля');
  });
});

describe('a family’s subscription in the back office', () => {
  it('gives days after a trial in force, not instead of it', async () => {
    const admin = await account('admin');
    const parent = await account('parent');
    const [trial] = await database.db
      .insert(tariffs)
      .values({
        code: `trial-test-${serial}`,
        kind: 'subscription',
        title: 'Пробная неделя',
        duration: 0,
        amountChildren: 1,
        price: 0,
        isFree: true,
        trialDays: 7,
      })
      .returning({ id: tariffs.id });
    const now = time.clock();
    const trialEnd = new Date(now.getTime() + 5 * 24 * 60 * 60 * 1000);
    await database.db.insert(familySubscriptions).values({
      userId: parent.id,
      tariffId: trial?.id ?? 0,
      source: 'trial',
      amountChildren: 1,
      startsAt: new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000),
      endsAt: trialEnd,
    });
    const res = await post(admin.token, `/api/admin/users/${parent.id}/subscription/extend`, {
      days: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { subscription_until: string } }>().data.subscription_until).toBe(
      new Date(trialEnd.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    );
  });

  it('gives days after the paid time, ends access now, and says when there is nothing to extend', async () => {
    const admin = await account('admin');
    const parent = await account('parent');
    const none = await post(admin.token, `/api/admin/users/${parent.id}/subscription/extend`, {
      days: 14,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toMatch(/ещё не было подписки/);

    const [tariff] = await database.db
      .insert(tariffs)
      .values({
        code: `admin-test-${serial}`,
        kind: 'subscription',
        title: 'Подписка на месяц',
        duration: 1,
        amountChildren: 2,
        price: 99_000,
      })
      .returning({ id: tariffs.id });
    const now = time.clock();
    const paidUntil = new Date(now.getTime() + 10 * 24 * 60 * 60 * 1000);
    await database.db.insert(familySubscriptions).values({
      userId: parent.id,
      tariffId: tariff?.id ?? 0,
      source: 'purchase',
      amountChildren: 2,
      startsAt: now,
      endsAt: paidUntil,
    });

    const extended = await post(admin.token, `/api/admin/users/${parent.id}/subscription/extend`, {
      days: 14,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json<{ data: { subscription_until: string } }>().data.subscription_until).toBe(
      new Date(paidUntil.getTime() + 14 * 24 * 60 * 60 * 1000).toISOString(),
    );

    const support = await account('support');
    expect(
      (await post(support.token, `/api/admin/users/${parent.id}/subscription/end`)).statusCode,
    ).toBe(403);
    const ended = await post(admin.token, `/api/admin/users/${parent.id}/subscription/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(
      ended.json<{ data: { subscription_until: string | null } }>().data.subscription_until,
    ).toBeNull();
  });
});

describe('the last administrator and staff accounts', () => {
  it('two administrators demoting each other at once leave one administrator', async () => {
    // Every other administrator of this file's database is blocked first: A and B are the last two.
    const a = await account('admin');
    const b = await account('admin');
    await database.db
      .update(users)
      .set({ blockedAt: time.clock() })
      .where(and(eq(users.role, 'admin'), notInArray(users.id, [a.id, b.id])));
    const [first, second] = await Promise.all([
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${b.id}/role`,
        headers: bearer(a.token),
        payload: { role: 'editor' },
      }),
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${a.id}/role`,
        headers: bearer(b.token),
        payload: { role: 'editor' },
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toContain(200);
    expect([first.statusCode, second.statusCode]).not.toEqual([200, 200]);
    const left = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.blockedAt)));
    expect(left).toHaveLength(1);
  });

  it('leaves a staff member’s password reset to the administrator', async () => {
    const support = await account('support');
    const editor = await account('admin');
    await database.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.id));
    const res = await post(support.token, `/api/admin/users/${editor.id}/password-reset`);
    expect(res.statusCode).toBe(403);
  });
});

describe('orders in the back office', () => {
  it('finds an order by the parent’s address; unknown ids are 404', async () => {
    const support = await account('support');
    const parent = await account('parent');
    const [purchase] = await database.db
      .insert(purchases)
      .values({ userId: parent.id, type: 'gift', lines: [], amount: 150_000, total: 150_000 })
      .returning({ id: purchases.id });
    await database.db.insert(paymentOrders).values({
      purchaseId: purchase?.id ?? 0,
      userId: parent.id,
      orderNumber: `users-test-${serial}`,
      amount: 150_000,
      state: 'paid',
      settledAt: time.clock(),
    });
    const res = await app.inject({
      url: `/api/admin/orders?q=${encodeURIComponent(parent.email)}&state=paid`,
      headers: bearer(support.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { purchase_type: string; amount: number }[] }>().data).toEqual([
      expect.objectContaining({ purchase_type: 'gift', amount: 150_000 }),
    ]);
    expect(
      (await app.inject({ url: '/api/admin/orders/999999', headers: bearer(support.token) }))
        .statusCode,
    ).toBe(404);
  });
});
