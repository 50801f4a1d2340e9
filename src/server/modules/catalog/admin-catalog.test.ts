import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalProgramOffers,
  additionalPrograms,
  adminAudit,
  mainPrograms,
  paymentOrders,
  purchases,
  tariffs,
} from '../../db/schema/index';
import { bearer } from '../auth/accounts-testing';
import {
  addChild,
  initialize,
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../payments/payments-testing';
import { staffSession } from '../../testing/staff';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const staff = (role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: kit.database.db, clock: kit.time.clock }, role);

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: Json,
) =>
  kit.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: Record<string, string[]> }).errors;

interface StoreItem {
  id: number;
  price: number;
  benefits: { percents: number; value: number };
  price_text?: string;
}
const storeList = async (path: 'subscriptions' | 'gifts') =>
  (await call('GET', `/api/store/web/${path}`, null)).json<{ data: StoreItem[] }>().data;

/** The tariff as the form sends it back: every field of the record, prices in roubles. */
async function formOf(token: string, id: number): Promise<Json> {
  const res = await call('GET', `/api/admin/tariffs/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Json }>().data;
}

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

describe('additional programs’ prices', () => {
  it('a new offer price shows in the store and prices a new purchase; rows are added and removed', async () => {
    const admin = await staff('admin');
    const [program] = await kit.database.db
      .select()
      .from(additionalPrograms)
      .where(eq(additionalPrograms.locked, false))
      .limit(1);
    if (!program) throw new Error('no program');
    const read = await call('GET', `/api/admin/program-prices/${program.id}`, admin);
    expect(read.statusCode, read.body).toBe(200);
    const offers = read.json<{
      data: {
        offers: { id: number; amount_children: number; price: number; is_active: boolean }[];
      };
    }>().data.offers;
    const one = offers.find((offer) => offer.amount_children === 1);
    if (!one) throw new Error('no offer for one child');

    const changed = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
      offers: [
        ...offers.map((offer) => (offer.id === one.id ? { ...offer, price: 777 } : offer)),
        { amount_children: 5, price: 2500, is_active: true },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const store = (await call('GET', '/api/store/web/additional-programs', null)).json<{
      data: { id: number; additional_program_id: number; amount_children: number; price: number }[];
    }>().data;
    expect(store.find((item) => item.id === one.id)?.price).toBe(77_700);
    const five = store.find(
      (item) => item.additional_program_id === program.id && item.amount_children === 5,
    );
    expect(five?.price).toBe(250_000);

    const parent = await newParent(kit);
    await addChild(kit, parent);
    const bought = await post(kit, '/api/store/purchase-initialization', parent.token, {
      type: 'additional-program',
      ids: [one.id],
    });
    expect(bought.json<{ data: Json }>().data).toMatchObject({ total: 77_700 });

    // The new row goes again (nobody bought it); the bought one cannot go or change its children.
    const back = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
      offers: offers.map((offer) => (offer.id === one.id ? { ...offer, price: 777 } : offer)),
    });
    expect(back.statusCode, back.body).toBe(200);
    const rows = await kit.database.db
      .select()
      .from(additionalProgramOffers)
      .where(eq(additionalProgramOffers.additionalProgramId, program.id));
    expect(rows.map((row) => row.amountChildren).sort()).toEqual(
      offers.map((offer) => offer.amount_children).sort(),
    );
    const removing = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
      offers: offers.filter((offer) => offer.id !== one.id),
    });
    expect(removing.statusCode).toBe(422);
    expect(errorsOf(removing).offers?.[0]).toMatch(/удалить её нельзя/);
    const recount = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
      offers: offers.map((offer) =>
        offer.id === one.id ? { ...offer, amount_children: 9 } : offer,
      ),
    });
    expect(recount.statusCode).toBe(422);
    expect(Object.values(errorsOf(recount)).flat()[0]).toMatch(/число детей не меняется/);

    // Switched off, it leaves the store.
    const off = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
      offers: offers.map((offer) => (offer.id === one.id ? { ...offer, is_active: false } : offer)),
    });
    expect(off.statusCode).toBe(200);
    const after = (await call('GET', '/api/store/web/additional-programs', null)).json<{
      data: { id: number }[];
    }>().data;
    expect(after.map((item) => item.id)).not.toContain(one.id);
    await call('PUT', `/api/admin/program-prices/${program.id}`, admin, { offers });
  });

  it('refuses two prices for one number of children, a price of 0 and unknown rows, changing nothing', async () => {
    const admin = await staff('admin');
    const [program] = await kit.database.db.select().from(additionalPrograms).limit(1);
    if (!program) throw new Error('no program');
    const before = await kit.database.db
      .select()
      .from(additionalProgramOffers)
      .where(eq(additionalProgramOffers.additionalProgramId, program.id));
    for (const [offers, text] of [
      [
        [
          { amount_children: 4, price: 100 },
          { amount_children: 4, price: 200 },
        ],
        /уже есть/,
      ],
      [[{ amount_children: 4, price: 0 }], /хотя бы 1 ₽/],
      [[{ amount_children: 11, price: 10 }], /от 1 до 10/],
      [[{ id: 999_999, amount_children: 4, price: 10 }], /обновите страницу/],
    ] as const) {
      const res = await call('PUT', `/api/admin/program-prices/${program.id}`, admin, {
        offers: [...offers],
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.values(errorsOf(res)).flat()[0]).toMatch(text);
    }
    const after = await kit.database.db
      .select()
      .from(additionalProgramOffers)
      .where(eq(additionalProgramOffers.additionalProgramId, program.id));
    expect(after).toEqual(before);
    expect(
      (await call('PUT', '/api/admin/program-prices/999999', admin, { offers: [] })).statusCode,
    ).toBe(404);
  });
});

describe('the price of a skipped week', () => {
  it('is changed in roubles by the administrator and refused below 1 ₽', async () => {
    const admin = await staff('admin');
    const list = await call('GET', '/api/admin/week-prices', await staff('support'));
    expect(list.statusCode).toBe(200);
    const first = list.json<{ data: { id: number; week_price: number; age_group: string }[] }>()
      .data[0];
    if (!first) throw new Error('no main program');
    expect(first.week_price).toBe(149);
    const res = await call('PUT', `/api/admin/week-prices/${first.id}`, admin, { week_price: 199 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await kit.database.db
      .select()
      .from(mainPrograms)
      .where(eq(mainPrograms.id, first.id));
    expect(row?.weekPrice).toBe(19_900);
    for (const week_price of [0, -1, 19.9]) {
      const bad = await call('PUT', `/api/admin/week-prices/${first.id}`, admin, { week_price });
      expect(bad.statusCode).toBe(422);
      expect(errorsOf(bad).week_price?.[0]).toMatch(/1 ₽|меньше нуля|целое/);
    }
    await call('PUT', `/api/admin/week-prices/${first.id}`, admin, { week_price: 149 });
  });
});
