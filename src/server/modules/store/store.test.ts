import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, purchases } from '../../db/schema/index';
import {
  newParent,
  post,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

describe('POST /api/store/purchase-initialization', () => {
  it('prices a tariff on the server, whatever the browser thinks it costs', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-6m-2c');
    const res = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [tariff.id],
      amount: 1,
      price: 1,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'subscription',
      amount: tariff.price,
      discount: 0,
      total: tariff.price,
      promo_id: null,
    });
    expect(data.items).toEqual([
      {
        id: tariff.id,
        name: 'Подписка на 6\u00a0месяцев для двоих детей',
        quantity: 1,
        price: tariff.price,
      },
    ]);
  });

  it('re-chooses an unpaid purchase of its own and refuses another family purchase', async () => {
    const parent = await newParent(kit);
    const stranger = await newParent(kit);
    const six = await tariffId(kit, 'subscription-6m-1c');
    const twelve = await tariffId(kit, 'subscription-12m-1c');
    const first = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [six.id],
    });
    const purchaseId = first.json().data.purchase_id as number;
    const again = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [twelve.id],
      purchase_id: purchaseId,
    });
    expect(again.json().data).toMatchObject({ purchase_id: purchaseId, total: twelve.price });
    const foreign = await post(kit, '/api/store/purchase-initialization', stranger.token, {
      ids: [six.id],
      purchase_id: purchaseId,
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(row?.total).toBe(twelve.price);
  });

  it('refuses the free trial, a gift tariff as a subscription, unknown ids and guests', async () => {
    const parent = await newParent(kit);
    const trial = await tariffId(kit, 'subscription-trial-7d-1c');
    const gift = await tariffId(kit, 'gift-6m-1c');
    for (const body of [
      { ids: [trial.id] },
      { ids: [gift.id] },
      { ids: [gift.id], type: 'subscription' },
      { ids: [999_999] },
      { ids: [] },
      { ids: ['шесть'] },
      { ids: [1, 2] },
      { ids: [gift.id], type: 'weeks' },
    ]) {
      const res = await post(kit, '/api/store/purchase-initialization', parent.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
    const guest = await post(kit, '/api/store/purchase-initialization', null, { ids: [gift.id] });
    expect(guest.statusCode).toBe(401);
    const count = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, parent.id));
    expect(count).toEqual([]);
  });

  it('prices a gift, an extra child place and an additional program', async () => {
    const parent = await newParent(kit);
    const gift = await tariffId(kit, 'gift-3m-1c');
    const giftRes = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [gift.id],
      type: 'gift',
    });
    expect(giftRes.json().data).toMatchObject({ type: 'gift', total: gift.price });
    const slot = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [],
      type: 'child-slot',
    });
    expect(slot.json().data).toMatchObject({ type: 'child-slot', total: 49_000 });
  });
});

describe('POST /api/store/web/promocode', () => {
  it('takes a code in any case and gives the discount on the chosen tariff, even to a guest', async () => {
    const tariff = await tariffId(kit, 'subscription-6m-2c');
    const res = await post(kit, '/api/store/web/promocode', null, {
      code: 'umnyashki10',
      type: 'subscription',
      ids: [tariff.id],
    });
    expect(res.statusCode).toBe(200);
    const discount = Math.floor(tariff.price / 10);
    expect(res.json().data).toMatchObject({
      code: 'UMNYASHKI10',
      kind: 'percent',
      value: 10,
      amount: tariff.price,
      discount,
      total: tariff.price - discount,
    });
  });

  it('says why a code does not work: unknown, not for this purchase, expired, used up', async () => {
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const ask = (code: string) =>
      post(kit, '/api/store/web/promocode', null, {
        code,
        type: 'subscription',
        ids: [tariff.id],
      });
    await kit.database.db.insert(promoCodes).values([
      {
        code: 'OLD2025',
        kind: 'percent',
        value: 20,
        validUntil: new Date('2025-12-31T21:00:00Z'),
      },
      { code: 'ONCE', kind: 'fixed', value: 10_000, maxUses: 1, usedCount: 1 },
    ]);
    const cases: [string, RegExp][] = [
      ['NOSUCHCODE', /Такого промокода нет/],
      ['podarok500', /не подходит для этой покупки/],
      ['old2025', /закончился/],
      ['once', /уже использовали/],
    ];
    for (const [code, message] of cases) {
      const res = await ask(code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.code[0]).toMatch(message);
    }
  });

  it('never discounts below the 1 ₽ the bank needs', async () => {
    await kit.database.db
      .insert(promoCodes)
      .values({ code: 'HUGE', kind: 'fixed', value: 10_000_000 });
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const res = await post(kit, '/api/store/web/promocode', null, {
      code: 'HUGE',
      type: 'subscription',
      ids: [tariff.id],
    });
    expect(res.json().data).toMatchObject({ total: 100, discount: tariff.price - 100 });
  });

  it('holds back a guesser after ten wrong codes from one address', async () => {
    const guesser = await startPaymentsKit();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await post(guesser, '/api/store/web/promocode', null, { code: `GUESS${i}` });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses.slice(10)).toEqual([429, 429]);
      const right = await post(guesser, '/api/store/web/promocode', null, { code: 'UMNYASHKI10' });
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
    } finally {
      await guesser.close();
    }
  });
});
