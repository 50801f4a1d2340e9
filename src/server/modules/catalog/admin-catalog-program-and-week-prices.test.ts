import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { additionalProgramOffers, additionalPrograms, mainPrograms } from '../../db/schema/index';
import {
  addChild,
  newParent,
  post,
  startPaymentsKit,
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

const { staff, call, errorsOf } = adminCatalogCalls(() => kit);

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
