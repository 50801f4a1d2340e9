import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, paymentOrders, purchases, tariffs } from '../../db/schema/index';
import {
  initialize,
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { adminCatalogCalls, type Json } from '../../testing/admin-catalog';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const { staff, call, errorsOf, storeList, formOf } = adminCatalogCalls(() => kit);

async function setPrice(token: string, id: number, roubles: number) {
  const res = await call('PUT', `/api/admin/tariffs/${id}`, token, {
    ...(await formOf(token, id)),
    price: roubles,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('tariff prices', () => {
  it('a new price shows in the store at once and is what a new purchase costs; one made before keeps its price', async () => {
    const admin = await staff('admin');
    const tariff = await tariffId(kit, 'subscription-3m-1c');
    const parent = await newParent(kit);

    // A purchase sent to the bank before the change, and one only chosen before it.
    const pendingId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const pending = await register(kit, parent, 'register/subscription-order', {
      purchase_id: pendingId,
    });
    const chosenId = await initialize(kit, await newParent(kit), 'subscription', [tariff.id]);

    const res = await setPrice(admin, tariff.id, 2490);
    expect(res.json<{ data: Json }>().data).toMatchObject({ price: 2490, sold: true });

    const shown = (await storeList('subscriptions')).find((item) => item.id === tariff.id);
    expect(shown?.price).toBe(249_000);
    // The benefit is measured against the one-month price: 3 × 990 ₽ − 2 490 ₽.
    expect(shown?.benefits).toEqual({ percents: 16, value: 48_000 });

    const fresh = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [tariff.id],
    });
    expect(fresh.json<{ data: Json }>().data).toMatchObject({ amount: 249_000, total: 249_000 });
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: fresh.json<{ data: { purchase_id: number } }>().data.purchase_id,
    });
    expect(order.amount).toBe(249_000);
    expect(kit.bank.orders.get(order.order_id)?.form.amount).toBe('249000');

    // What was priced before stays as it was: the order at the bank and the chosen purchase.
    expect(pending.amount).toBe(tariff.price);
    kit.bank.pay(pending.order_id);
    expect((await orderState(kit, parent, pending.order_id)).json().data.status).toBe('paid');
    const [paidOrder] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, pendingId));
    expect(paidOrder).toMatchObject({ state: 'paid', amount: tariff.price });
    const [chosen] = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, chosenId));
    expect(chosen?.total).toBe(tariff.price);

    const [audit] = await kit.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, 'tariffs'), eq(adminAudit.recordId, String(tariff.id))));
    expect(audit?.summary).toMatchObject({ changes: { price: [tariff.price, 249_000] } });

    await setPrice(admin, tariff.id, tariff.price / 100);
  });

  it('a gift tariff’s new price shows with its text', async () => {
    const admin = await staff('admin');
    const gift = await tariffId(kit, 'gift-3m-1c');
    await setPrice(admin, gift.id, 2990);
    const shown = (await storeList('gifts')).find((item) => item.id === gift.id);
    expect(shown).toMatchObject({ price: 299_000, price_text: '2\u00a0990\u00a0₽' });
    await setPrice(admin, gift.id, gift.price / 100);
  });

  it('support reads prices; only the administrator changes them; the editor sees none', async () => {
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const support = await staff('support');
    const editor = await staff('editor');
    expect((await call('GET', '/api/admin/tariffs', support)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/tariffs', editor)).statusCode).toBe(403);
    const body = { ...(await formOf(support, tariff.id)), price: 1 };
    for (const token of [support, editor]) {
      expect((await call('PUT', `/api/admin/tariffs/${tariff.id}`, token, body)).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/admin/tariffs', token, body)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/tariffs/${tariff.id}`, token)).statusCode).toBe(403);
      expect(
        (
          await call('PUT', '/api/admin/week-prices/1', token, {
            week_price: 1,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', '/api/admin/program-prices/1', token, { offers: [] })).statusCode,
      ).toBe(403);
    }
    expect((await call('PUT', `/api/admin/tariffs/${tariff.id}`, null, body)).statusCode).toBe(401);
    const parent = await newParent(kit);
    expect(
      (await call('PUT', `/api/admin/tariffs/${tariff.id}`, parent.token, body)).statusCode,
    ).toBe(403);
    expect((await tariffId(kit, 'subscription-1m-1c')).price).toBe(tariff.price);
  });
});

describe('bad values', () => {
  it('are refused in Russian, and nothing changes', async () => {
    const admin = await staff('admin');
    const tariff = await tariffId(kit, 'subscription-6m-1c');
    const form = await formOf(admin, tariff.id);
    const cases: [Json, string, RegExp][] = [
      [{ price: -5 }, 'price', /меньше нуля/],
      [{ price: 10.5 }, 'price', /целое число рублей/],
      [{ price: 0 }, 'price', /хотя бы 1 ₽/],
      [{ price: '990' }, 'price', /Укажите цену/],
      [{ price: 2_000_000 }, 'price', /не больше 1 000 000/],
      [{ amount_children: 0 }, 'amount_children', /от 1 до 10/],
      [{ amount_children: 11 }, 'amount_children', /от 1 до 10/],
      [{ duration: 0 }, 'duration', /от 1 месяца/],
      [{ duration: 1.5 }, 'duration', /целое число месяцев/],
      [{ title: '<b>Акция</b>' }, 'title', /без знаков/],
      [{ title: ' ' }, 'title', /хотя бы 2/],
      [{ kind: 'weeks' }, 'kind', /подписка или подарок/],
      [{ trial_days: 7 }, 'trial_days', /только у пробной недели/],
      // Bought already: its months and children are what families got.
      [{ duration: 7 }, 'duration', /уже покупали/],
      [{ amount_children: 2 }, 'amount_children', /уже покупали/],
      [{ kind: 'gift' }, 'kind', /уже покупали/],
    ];
    // Someone has bought it: a chosen purchase names it.
    await initialize(kit, await newParent(kit), 'subscription', [tariff.id]);
    for (const [change, field, message] of cases) {
      const res = await call('PUT', `/api/admin/tariffs/${tariff.id}`, admin, {
        ...form,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json<{ code: string }>().code).toBe('validation_failed');
      expect(errorsOf(res)[field]?.[0], JSON.stringify(change)).toMatch(message);
    }
    const [after] = await kit.database.db.select().from(tariffs).where(eq(tariffs.id, tariff.id));
    expect(after).toMatchObject({
      price: tariff.price,
      duration: tariff.duration,
      amountChildren: tariff.amountChildren,
      kind: 'subscription',
    });
    expect((await call('PUT', '/api/admin/tariffs/999999', admin, form)).statusCode).toBe(404);
  });

  it('the free trial takes no price and keeps its days in days', async () => {
    const admin = await staff('admin');
    const trial = await tariffId(kit, 'subscription-trial-7d-1c');
    const form = await formOf(admin, trial.id);
    expect(form).toMatchObject({ is_free: true, price: 0, duration: 0, trial_days: 7 });
    const priced = await call('PUT', `/api/admin/tariffs/${trial.id}`, admin, {
      ...form,
      price: 99,
    });
    expect(priced.statusCode).toBe(422);
    expect(errorsOf(priced).price?.[0]).toBe('Пробная неделя бесплатна — цену ей задать нельзя');
    const months = await call('PUT', `/api/admin/tariffs/${trial.id}`, admin, {
      ...form,
      duration: 1,
    });
    expect(errorsOf(months).duration?.[0]).toMatch(/в днях/);
    const noDays = await call('PUT', `/api/admin/tariffs/${trial.id}`, admin, {
      ...form,
      trial_days: 0,
    });
    expect(errorsOf(noDays).trial_days?.[0]).toMatch(/хотя бы 1 день/);
    const renamed = await call('PUT', `/api/admin/tariffs/${trial.id}`, admin, {
      ...form,
      title: 'Пробная неделя бесплатно',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [row] = await kit.database.db.select().from(tariffs).where(eq(tariffs.id, trial.id));
    expect(row).toMatchObject({ price: 0, isFree: true, trialDays: 7 });
    await call('PUT', `/api/admin/tariffs/${trial.id}`, admin, form);
  });
});
