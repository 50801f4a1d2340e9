import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childAdditionalPrograms,
  familySubscriptions,
  paymentOrders,
  purchases,
} from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { ALREADY_HAD } from './order-state';
import {
  addChild,
  callback,
  initialize,
  newParent,
  offerFor,
  orderState,
  post,
  register,
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
const periodsOf = (userId: number, on: PaymentsKit = kit) =>
  on.database.db.select().from(familySubscriptions).where(eq(familySubscriptions.userId, userId));
const orderRow = async (orderId: string, on: PaymentsKit = kit) => {
  const [row] = await on.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, orderId));
  return row;
};

describe('ownership', () => {
  it('hides one family purchases and orders from another', async () => {
    const parent = await newParent(kit);
    const stranger = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    const foreignRegister = await post(
      kit,
      '/api/payments/sberbank/register/subscription-order',
      stranger.token,
      { purchase_id: purchaseId },
    );
    expect(foreignRegister.statusCode).toBe(404);
    kit.bank.pay(order.order_id);
    const foreignState = await orderState(kit, stranger, order.order_id);
    expect(foreignState.statusCode).toBe(404);
    expect(await periodsOf(stranger.id)).toEqual([]);
    // The owner's purchase was not settled by the stranger's look either.
    expect((await orderRow(order.order_id))?.state).toBe('pending');
  });

  it('refuses a paid purchase and a purchase of another type', async () => {
    const parent = await newParent(kit);
    const gift = await tariffId(kit, 'gift-1m-1c');
    const purchaseId = await initialize(kit, parent, 'gift', [gift.id]);
    const wrong = await post(
      kit,
      '/api/payments/sberbank/register/subscription-order',
      parent.token,
      { purchase_id: purchaseId },
    );
    expect(wrong.statusCode).toBe(422);
    const order = await register(kit, parent, 'register/gift-order', { purchase_id: purchaseId });
    // Asked twice while the page is open: the same order, not a second one.
    const again = await register(kit, parent, 'register/gift-order', { purchase_id: purchaseId });
    expect(again.order_id).toBe(order.order_id);
    kit.bank.pay(order.order_id);
    await orderState(kit, parent, order.order_id);
    const paid = await post(kit, '/api/payments/sberbank/register/gift-order', parent.token, {
      purchase_id: purchaseId,
    });
    expect(paid.statusCode).toBe(409);
  });
});

describe('child places and additional programs', () => {
  it('adds a child place that lets a one-child family add a second child', async () => {
    const parent = await newParent(kit);
    await addChild(kit, parent);
    const addSecond = () =>
      post(kit, '/api/profile/child/store', parent.token, {
        name: 'Петя',
        birth_date: '2022-03-01',
      });
    expect((await addSecond()).statusCode).toBe(409);
    const purchaseId = await initialize(kit, parent, 'child-slot', []);
    const order = await register(kit, parent, 'register/child-slot-order', {
      purchase_id: purchaseId,
    });
    expect(order.amount).toBe(49_000);
    kit.bank.pay(order.order_id);
    await callback(kit, order.order_id);
    const slots = await kit.app.inject({
      url: '/api/store/slot-purchases',
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(slots.json().data).toEqual({ total: 2, used: 1, free: 1, bought: 1, price: 49_000 });
    expect((await addSecond()).statusCode).toBe(201);
  });

  it('sends back a second payment for a program the child already has, keeping the first', async () => {
    const parent = await newParent(kit);
    const child = await addChild(kit, parent, 'Маша');
    const offer = await offerFor(kit, 1);
    // Two tabs: both purchases made before either is paid.
    const orders = [];
    for (let i = 0; i < 2; i += 1) {
      const purchaseId = await initialize(kit, parent, 'additional-program', [offer.id]);
      orders.push(
        await register(kit, parent, 'register/additional-program-order', {
          purchase_id: purchaseId,
          childIds: [child],
        }),
      );
    }
    const answers = [];
    for (const order of orders) {
      kit.bank.pay(order.order_id);
      answers.push((await orderState(kit, parent, order.order_id)).json().data);
    }
    expect(answers[0]).toMatchObject({ status: 'paid', refund: false });
    // The return page tells the parent the money goes back, not that it was never taken.
    expect(answers[1]).toMatchObject({ status: 'failed', refund: true, reason: ALREADY_HAD });
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    const refunded = (id: string) =>
      kit.bank.calls.some((c) => c.method === 'refund' && c.form.orderId === id);
    expect(refunded(orders[0]?.order_id ?? '')).toBe(false);
    expect(refunded(orders[1]?.order_id ?? '')).toBe(true);
    expect((await orderRow(orders[0]?.order_id ?? ''))?.state).toBe('paid');
    expect((await orderRow(orders[1]?.order_id ?? ''))?.state).toBe('failed');
    const later = (await orderState(kit, parent, orders[1]?.order_id ?? '')).json().data;
    expect(later).toMatchObject({ status: 'failed', refund: true });
    const opened = await kit.database.db
      .select()
      .from(childAdditionalPrograms)
      .where(eq(childAdditionalPrograms.childId, child));
    expect(opened).toHaveLength(1);
  });

  it('opens an additional program for the chosen children only, no more than the offer is for', async () => {
    const parent = await newParent(kit);
    const first = await addChild(kit, parent, 'Маша');
    const second = await addChild(kit, parent, 'Петя');
    const stranger = await newParent(kit);
    const strangersChild = await addChild(kit, stranger, 'Чужой');
    const offer = await offerFor(kit, 1);
    const purchaseId = await initialize(kit, parent, 'additional-program', [offer.id]);
    for (const childIds of [[first, second], [strangersChild], []]) {
      const res = await post(
        kit,
        '/api/payments/sberbank/register/additional-program-order',
        parent.token,
        { purchase_id: purchaseId, childIds },
      );
      expect([404, 422], JSON.stringify(childIds)).toContain(res.statusCode);
    }
    const order = await register(kit, parent, 'register/additional-program-order', {
      purchase_id: purchaseId,
      childIds: [second],
    });
    kit.bank.pay(order.order_id);
    await orderState(kit, parent, order.order_id);
    const opened = await kit.database.db.select().from(childAdditionalPrograms);
    expect(
      opened.filter((row) => [first, second].includes(row.childId)).map((row) => row.childId),
    ).toEqual([second]);
    const [purchase] = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(purchase?.status).toBe('paid');
  });
});
