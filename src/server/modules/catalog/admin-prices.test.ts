// What a change of the prices beside the tariffs leaves behind: offers renumbered in one go, the audit
// rows of both kinds of price, and 404 for a program that does not exist.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { additionalPrograms, adminAudit } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { startPaymentsKit, type PaymentsKit } from '../../testing/payments';
import { staffSession } from '../../testing/staff';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

type Json = Record<string, unknown>;
interface Offer {
  id: number;
  amount_children: number;
  price: number;
  is_active: boolean;
  sold: boolean;
}
const staff = (role: 'admin' | 'support') =>
  staffSession({ db: kit.database.db, clock: kit.time.clock }, role);
const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: Json) =>
  kit.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
const lastAudit = async (resource: string, id: number) => {
  const [row] = await kit.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, resource), eq(adminAudit.recordId, String(id))))
    .orderBy(desc(adminAudit.id))
    .limit(1);
  return row;
};

describe('additional programs’ prices', () => {
  it('swap two offers’ numbers of children in one save, and the log says what moved', async () => {
    const admin = await staff('admin');
    const [program] = await kit.database.db
      .select()
      .from(additionalPrograms)
      .where(eq(additionalPrograms.locked, false))
      .limit(1);
    if (!program) throw new Error('no program');
    const url = `/api/admin/program-prices/${program.id}`;
    const offers = (await call('GET', url, admin)).json<{ data: { offers: Offer[] } }>().data
      .offers;
    const [one, two] = offers;
    if (!one || !two) throw new Error('the program has fewer than two offers');
    const form = (list: Offer[]) =>
      list.map(({ id, amount_children, price, is_active }) => ({
        id,
        amount_children,
        price,
        is_active,
      }));
    const swapped = offers.map((offer) =>
      offer.id === one.id
        ? { ...offer, amount_children: two.amount_children }
        : offer.id === two.id
          ? { ...offer, amount_children: one.amount_children }
          : offer,
    );
    const res = await call('PUT', url, admin, { offers: form(swapped) });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call('GET', url, admin)).json<{ data: { offers: Offer[] } }>().data.offers;
    expect(after.find((offer) => offer.id === one.id)?.amount_children).toBe(two.amount_children);
    expect(after.find((offer) => offer.id === two.id)?.amount_children).toBe(one.amount_children);

    const audit = await lastAudit('program-prices', program.id);
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit?.summary).toMatchObject({
      program: program.title,
      offers: expect.arrayContaining([
        expect.objectContaining({
          offer: one.id,
          amount_children: [one.amount_children, two.amount_children],
        }),
      ]),
    });
    await call('PUT', url, admin, { offers: form(offers) });
  });

  it('answer 404 in the one shape for a program that does not exist', async () => {
    const res = await call('GET', '/api/admin/program-prices/999999', await staff('support'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'Программа не найдена',
      errors: { error: ['Программа не найдена'] },
    });
  });
});

describe('the price of a skipped week', () => {
  it('is logged as before and after in kopecks, read back by support, and 404 when unknown', async () => {
    const admin = await staff('admin');
    const support = await staff('support');
    const list = (await call('GET', '/api/admin/week-prices', support)).json<{
      data: { id: number; week_price: number }[];
    }>().data;
    const program = list[1];
    if (!program) throw new Error('no second main program');
    const url = `/api/admin/week-prices/${program.id}`;
    const res = await call('PUT', url, admin, { week_price: 179 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', url, support)).json<{ data: Json }>().data).toMatchObject({
      id: program.id,
      week_price: 179,
    });
    expect((await lastAudit('week-prices', program.id))?.summary).toMatchObject({
      week_price: [program.week_price * 100, 17_900],
    });
    expect((await call('PUT', url, support, { week_price: 1 })).statusCode).toBe(403);
    expect((await call('GET', url, support)).json<{ data: Json }>().data).toMatchObject({
      week_price: 179,
    });
    for (const method of ['GET', 'PUT'] as const) {
      const unknown = await call(method, '/api/admin/week-prices/999999', admin, {
        week_price: 100,
      });
      expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Программа не найдена' });
    }
    await call('PUT', url, admin, { week_price: program.week_price });
  });
});
