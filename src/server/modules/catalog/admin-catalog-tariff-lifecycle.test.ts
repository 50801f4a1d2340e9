import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffs } from '../../db/schema/index';
import {
  initialize,
  newParent,
  post,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { adminCatalogCalls } from '../../testing/admin-catalog';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const { staff, call, errorsOf, storeList, formOf } = adminCatalogCalls(() => kit);

describe('switching a tariff off and making new ones', () => {
  it('a tariff switched off leaves the store and cannot be bought; switched on, it is back', async () => {
    const admin = await staff('admin');
    const tariff = await tariffId(kit, 'subscription-24m-3c');
    const gift = await tariffId(kit, 'gift-12m-1c');
    const off = async (id: number, isActive: boolean) => {
      const res = await call('PUT', `/api/admin/tariffs/${id}`, admin, {
        ...(await formOf(admin, id)),
        is_active: isActive,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await off(tariff.id, false);
    await off(gift.id, false);
    expect((await storeList('subscriptions')).map((item) => item.id)).not.toContain(tariff.id);
    expect((await storeList('gifts')).map((item) => item.id)).not.toContain(gift.id);
    const parent = await newParent(kit);
    const refused = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [tariff.id],
    });
    expect(refused.statusCode).toBe(422);
    await off(tariff.id, true);
    await off(gift.id, true);
    expect((await storeList('subscriptions')).map((item) => item.id)).toContain(tariff.id);
    expect((await storeList('gifts')).map((item) => item.id)).toContain(gift.id);
  });

  it('makes a new tariff for the store, deletes it while nobody bought it, and never a bought or seeded one', async () => {
    const admin = await staff('admin');
    const created = await call('POST', '/api/admin/tariffs', admin, {
      kind: 'subscription',
      title: 'Подписка на 2 месяца',
      duration: 2,
      amount_children: 1,
      price: 1790,
      is_active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tariff = created.json<{ data: { id: number; code: string } }>().data;
    expect(tariff.code).toMatch(/^admin-subscription-2m-1c-/);
    expect((await storeList('subscriptions')).find((item) => item.id === tariff.id)?.price).toBe(
      179_000,
    );

    const deleted = await call('DELETE', `/api/admin/tariffs/${tariff.id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await storeList('subscriptions')).map((item) => item.id)).not.toContain(tariff.id);

    const seeded = await tariffId(kit, 'subscription-12m-2c');
    const keep = await call('DELETE', `/api/admin/tariffs/${seeded.id}`, admin);
    expect(keep.statusCode).toBe(409);
    expect(keep.json<{ message: string }>().message).toMatch(/вернётся при следующем запуске/);

    const again = await call('POST', '/api/admin/tariffs', admin, {
      kind: 'gift',
      title: 'Подарочная подписка на 2 месяца',
      duration: 2,
      amount_children: 1,
      price: 1790,
      is_active: true,
    });
    const sold = again.json<{ data: { id: number } }>().data;
    await initialize(kit, await newParent(kit), 'gift', [sold.id]);
    const refused = await call('DELETE', `/api/admin/tariffs/${sold.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/удалить его нельзя/);
    expect(await tariffId(kit, (await formOf(admin, sold.id)).code as string)).toBeTruthy();
  });

  it('refuses a new tariff without a price, months or children, and the free kind of it', async () => {
    const admin = await staff('admin');
    const res = await call('POST', '/api/admin/tariffs', admin, {
      kind: 'subscription',
      title: 'Подписка',
      duration: 0,
      amount_children: 12,
      price: 0,
      is_free: true,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(res))).toEqual(expect.arrayContaining(['amount_children']));
    const noMonths = await call('POST', '/api/admin/tariffs', admin, {
      kind: 'subscription',
      title: 'Подписка',
      duration: 0,
      amount_children: 1,
      price: 0,
      is_free: true,
    });
    expect(noMonths.statusCode).toBe(422);
    expect(errorsOf(noMonths)).toMatchObject({
      duration: ['Срок — от 1 месяца'],
      price: ['Платный тариф стоит хотя бы 1 ₽'],
    });
    const count = await kit.database.db.select().from(tariffs).where(eq(tariffs.title, 'Подписка'));
    expect(count).toEqual([]);
  });

  it('keeps the store to one page of each kind', async () => {
    const admin = await staff('admin');
    const active = await kit.database.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.kind, 'gift'), eq(tariffs.isActive, true)));
    const made: number[] = [];
    for (let i = active.length; i < 20; i += 1) {
      const res = await call('POST', '/api/admin/tariffs', admin, {
        kind: 'gift',
        title: `Подарок ${i}`,
        duration: 1,
        amount_children: 2,
        price: 1000 + i,
        is_active: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ data: { id: number } }>().data.id);
    }
    const full = await call('POST', '/api/admin/tariffs', admin, {
      kind: 'gift',
      title: 'Ещё подарок',
      duration: 1,
      amount_children: 2,
      price: 1000,
      is_active: true,
    });
    expect(full.statusCode).toBe(422);
    expect(errorsOf(full).is_active?.[0]).toMatch(/помещается 20 тарифов/);
    for (const id of made) await call('DELETE', `/api/admin/tariffs/${id}`, admin);
  });

  it('lists tariffs by kind, switch and words, with what each one is bound by', async () => {
    const support = await staff('support');
    const res = await call(
      'GET',
      `/api/admin/tariffs?kind=gift&is_active=true&q=${encodeURIComponent('Подарочная')}`,
      support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { kind: string; title: string }[]; meta: { total: number } }>();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((t) => t.kind === 'gift' && t.title.startsWith('Подарочная'))).toBe(
      true,
    );
    const sorted = await call(
      'GET',
      '/api/admin/tariffs?sort=price&order=ASC&per_page=100',
      support,
    );
    const prices = sorted.json<{ data: { price: number }[] }>().data.map((t) => t.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
