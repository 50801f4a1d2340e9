// A purchase re-chosen while its order is being registered: whatever order the two requests land in, the
// payment delivers exactly what the receipt sent to the bank (orderBundle) says. The race needs a database
// that runs transactions side by side, so it is tried many times on PostgreSQL and a few on PGlite.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familySubscriptions, tariffs } from '../../db/schema/index';
import {
  initialize,
  newParent,
  orderState,
  post,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';

const ROUNDS = process.env.TEST_DATABASE_URL ? 25 : 3;

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

/** The receipt lines the bank was given for an order. */
function receiptNames(orderId: string): string[] {
  const bundle = kit.bank.orders.get(orderId)?.form.orderBundle;
  if (!bundle) throw new Error(`no receipt for ${orderId}`);
  const parsed = JSON.parse(bundle) as { cartItems: { items: { name: string }[] } };
  return parsed.cartItems.items.map((item) => item.name);
}

describe('a purchase re-chosen while its order is registered', () => {
  it('delivers what the receipt says, never the other item of the same price', async () => {
    // 12 months for two children and 24 months for one cost the same 14 160 ₽.
    const twoChildren = await tariffId(kit, 'subscription-12m-2c');
    const oneChild = await tariffId(kit, 'subscription-24m-1c');
    expect(twoChildren.price).toBe(oneChild.price);
    const titles = new Map(
      (await kit.database.db.select().from(tariffs)).map((row) => [row.id, row.title]),
    );

    for (let round = 0; round < ROUNDS; round += 1) {
      const parent = await newParent(kit);
      const purchaseId = await initialize(kit, parent, 'subscription', [twoChildren.id]);
      const [registered, rechosen] = await Promise.all([
        post(kit, '/api/payments/sberbank/register/subscription-order', parent.token, {
          purchase_id: purchaseId,
        }),
        post(kit, '/api/store/purchase-initialization', parent.token, {
          type: 'subscription',
          ids: [oneChild.id],
          purchase_id: purchaseId,
        }),
      ]);
      expect(registered.statusCode, registered.body).toBe(200);
      expect(rechosen.statusCode, rechosen.body).toBe(200);

      const orderId = (registered.json() as { data: { order_id: string } }).data.order_id;
      kit.bank.pay(orderId);
      const state = await orderState(kit, parent, orderId);
      expect(state.json().data.status).toBe('paid');

      const periods = await kit.database.db
        .select()
        .from(familySubscriptions)
        .where(eq(familySubscriptions.userId, parent.id));
      expect(periods.map((period) => titles.get(period.tariffId))).toEqual(receiptNames(orderId));
    }
  });

  it('refuses a promo code on a purchase whose order is registered, and keeps its price', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const registered = await post(
      kit,
      '/api/payments/sberbank/register/subscription-order',
      parent.token,
      { purchase_id: purchaseId },
    );
    expect(registered.statusCode).toBe(200);
    const late = await post(kit, '/api/store/web/promocode', parent.token, {
      code: 'UMNYASHKI10',
      purchase_id: purchaseId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'conflict',
      message: 'Эта покупка уже оформлена — начните её заново, чтобы применить промокод',
    });
    const orderId = (registered.json() as { data: { order_id: string } }).data.order_id;
    kit.bank.pay(orderId);
    expect((await orderState(kit, parent, orderId)).json().data).toMatchObject({
      status: 'paid',
      total: tariff.price,
    });
  });
});
