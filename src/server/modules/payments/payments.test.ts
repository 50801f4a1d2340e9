import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardBindings,
  childAdditionalPrograms,
  familySubscriptions,
  jobs,
  paymentOrders,
  promoCodes,
  purchases,
} from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { addMonths } from '../subscriptions/service';
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
} from './payments-testing';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const MINUTE = 60_000;
const periodsOf = (userId: number, on: PaymentsKit = kit) =>
  on.database.db.select().from(familySubscriptions).where(eq(familySubscriptions.userId, userId));
const orderRow = async (orderId: string, on: PaymentsKit = kit) => {
  const [row] = await on.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, orderId));
  return row;
};

describe('a subscription bought with a promo code', () => {
  it('registers the discounted sum with receipt lines and starts 6 months for 2 children once paid', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-6m-2c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const promo = await post(kit, '/api/store/web/promocode', parent.token, {
      code: 'UmNyAsHkI10',
      purchase_id: purchaseId,
    });
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
      promo_id: promo.json().data.promo_id,
      recurrent: true,
    });
    const total = tariff.price - Math.floor(tariff.price / 10);
    expect(order.amount).toBe(total);

    const sent = kit.bank.orders.get(order.order_id)?.form;
    expect(sent).toMatchObject({
      amount: String(total),
      currency: '643',
      email: parent.email,
      clientId: String(parent.id),
      returnUrl: `${kit.config.publicUrl}/successful-payment`,
      failUrl: `${kit.config.publicUrl}/fail-payment`,
    });
    const bundle = JSON.parse(sent?.orderBundle ?? '{}');
    expect(bundle.customerDetails).toEqual({ email: parent.email });
    const items = bundle.cartItems.items as { itemAmount: number; name: string }[];
    expect(items.reduce((sum, item) => sum + item.itemAmount, 0)).toBe(total);
    expect(items[0]?.name).toBe('Подписка на 6\u00a0месяцев для двоих детей');

    // Back from the bank before paying: nothing yet.
    expect((await orderState(kit, parent, order.order_id)).json().data).toMatchObject({
      status: 'pending',
      purchase_id: purchaseId,
    });
    expect(await periodsOf(parent.id)).toEqual([]);

    kit.bank.pay(order.order_id, { bindingId: 'binding-1' });
    const paid = await orderState(kit, parent, order.order_id);
    expect(paid.json().data).toMatchObject({ status: 'paid', type: 'subscription', total });
    const [period] = await periodsOf(parent.id);
    expect(period).toMatchObject({ source: 'purchase', amountChildren: 2 });
    expect(period?.endsAt).toEqual(addMonths(kit.time.clock(), 6));
    const [card] = await kit.database.db
      .select()
      .from(cardBindings)
      .where(eq(cardBindings.userId, parent.id));
    expect(card).toMatchObject({ bindingId: 'binding-1', maskedPan: '555555**5599' });
    const [used] = await kit.database.db
      .select({ usedCount: promoCodes.usedCount })
      .from(promoCodes)
      .where(eq(promoCodes.code, 'UMNYASHKI10'));
    expect(used?.usedCount).toBeGreaterThanOrEqual(1);

    const history = await kit.app.inject({
      url: '/api/store/payments',
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(history.json().data[0]).toMatchObject({
      purchase_id: purchaseId,
      status: 'paid',
      total,
    });
  });

  it('delivers once when fifty confirmations arrive together', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-3m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    kit.bank.pay(order.order_id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? orderState(kit, parent, order.order_id) : callback(kit, order.order_id),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(await periodsOf(parent.id)).toHaveLength(1);
    kit.time.advance(10 * MINUTE);
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    expect(await periodsOf(parent.id)).toHaveLength(1);
  });

  it('lines up two periods paid at the same moment, one after the other', async () => {
    const parent = await newParent(kit);
    const year = await tariffId(kit, 'subscription-12m-1c');
    const orders = [];
    for (let i = 0; i < 2; i += 1) {
      const purchaseId = await initialize(kit, parent, 'subscription', [year.id]);
      orders.push(
        await register(kit, parent, 'register/subscription-order', { purchase_id: purchaseId }),
      );
    }
    for (const order of orders) kit.bank.pay(order.order_id);
    await Promise.all(orders.map((order) => callback(kit, order.order_id)));
    const periods = (await periodsOf(parent.id)).sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
    );
    expect(periods).toHaveLength(2);
    expect(periods[1]?.startsAt).toEqual(periods[0]?.endsAt);
  });

  it('replaces a trial in force, and follows on from paid time still to come', async () => {
    const parent = await newParent(kit);
    const now = kit.time.clock();
    const trial = await tariffId(kit, 'subscription-trial-7d-1c');
    await post(kit, '/api/store/subscription/activate', parent.token, {
      subscription_id: trial.id,
    });
    const month = await tariffId(kit, 'subscription-1m-1c');
    for (let i = 0; i < 2; i += 1) {
      const purchaseId = await initialize(kit, parent, 'subscription', [month.id]);
      const order = await register(kit, parent, 'register/subscription-order', {
        purchase_id: purchaseId,
      });
      kit.bank.pay(order.order_id);
      await orderState(kit, parent, order.order_id);
    }
    const periods = (await periodsOf(parent.id)).sort((a, b) => a.id - b.id);
    expect(periods.map((p) => [p.source, p.endedAt?.toISOString() ?? null])).toEqual([
      ['trial', now.toISOString()],
      ['purchase', null],
      ['purchase', null],
    ]);
    expect(periods[2]?.startsAt).toEqual(periods[1]?.endsAt);
    expect(periods[2]?.endsAt).toEqual(addMonths(addMonths(now, 1), 1));
  });
});

describe('the bank says no, lies, or is silent', () => {
  it('shows a declined card as failed with the bank reason, and a late payment still counts', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    kit.bank.decline(order.order_id);
    expect((await callback(kit, order.order_id, 'deposited', '0')).statusCode).toBe(200);
    expect((await orderState(kit, parent, order.order_id)).json().data).toMatchObject({
      status: 'failed',
      reason: 'Отказ банка-эмитента',
    });
    expect(await periodsOf(parent.id)).toEqual([]);
    // Out of order: the bank settles it after all.
    kit.bank.pay(order.order_id);
    await callback(kit, order.order_id);
    expect((await orderState(kit, parent, order.order_id)).json().data.status).toBe('paid');
    expect(await periodsOf(parent.id)).toHaveLength(1);
    // A stale "declined" after the payment changes nothing.
    await callback(kit, order.order_id, 'deposited', '0');
    expect((await orderState(kit, parent, order.order_id)).json().data.status).toBe('paid');
  });

  it('ignores a callback with a tampered checksum, and one the bank does not confirm', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    const tampered = await callback(kit, order.order_id, 'deposited', '1', true);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().code).toBe('forbidden');
    const unsigned = await kit.app.inject({
      url: `/api/payments/sberbank/callback?mdOrder=${order.order_id}&operation=deposited&status=1`,
    });
    expect(unsigned.statusCode).toBe(403);
    // Signed, but the bank says the order is not paid: a callback is only a hint.
    expect((await callback(kit, order.order_id)).statusCode).toBe(200);
    expect((await orderRow(order.order_id))?.state).toBe('pending');
    expect(await periodsOf(parent.id)).toEqual([]);
  });

  it('refuses to deliver when the bank reports another amount', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    kit.bank.pay(order.order_id, { reportedAmount: 100 });
    expect((await orderState(kit, parent, order.order_id)).json().data.status).toBe('failed');
    expect(await periodsOf(parent.id)).toEqual([]);
  });
});

describe('a bank that does not answer in time', () => {
  // A short wait for the bank, so that its silence costs these tests a fraction of a second.
  let quick: PaymentsKit;
  beforeAll(async () => {
    quick = await startPaymentsKit({}, { bankTimeoutMs: 400 });
  });
  afterAll(async () => {
    await quick.close();
  });

  it('never gives an order up while the bank keeps failing: the reconciler starts a new round', async () => {
    const parent = await newParent(quick);
    const tariff = await tariffId(quick, 'subscription-1m-1c');
    const purchaseId = await initialize(quick, parent, 'subscription', [tariff.id]);
    const order = await register(quick, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    const row = await orderRow(order.order_id, quick);
    quick.bank.hang.add('getOrderStatusExtended');
    try {
      for (let i = 0; i < 9; i += 1) {
        quick.time.advance(7 * 3_600_000);
        await runDueJobs({ db: quick.database.db, config: quick.config, clock: quick.time.clock });
      }
    } finally {
      quick.bank.hang.delete('getOrderStatusExtended');
    }
    expect((await orderRow(order.order_id, quick))?.state).toBe('pending');
    const rounds = (await quick.database.db.select().from(jobs)).filter(
      (job) => job.kind === 'payments.reconcile' && job.payload.order_id === row?.id,
    );
    expect(rounds.map((job) => job.status).sort()).toEqual(['done', 'pending']);
  }, 30_000);

  it('keeps an order whose register answer was lost, and the reconciler settles it', async () => {
    const parent = await newParent(quick);
    const tariff = await tariffId(quick, 'subscription-1m-1c');
    const purchaseId = await initialize(quick, parent, 'subscription', [tariff.id]);
    quick.bank.registerThenHang = true;
    let res;
    try {
      res = await post(quick, '/api/payments/sberbank/register/subscription-order', parent.token, {
        purchase_id: purchaseId,
      });
    } finally {
      quick.bank.registerThenHang = false;
    }
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Банк не ответил/);
    const [pending] = await quick.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, purchaseId));
    expect(pending?.state).toBe('new');
    // The parent paid on a page opened some other way; the bank knows the order by our number.
    const atBank = [...quick.bank.orders.values()].find(
      (o) => o.orderNumber === pending?.orderNumber,
    );
    if (!atBank) throw new Error('the bank never saw the order');
    quick.bank.pay(atBank.orderId);
    quick.time.advance(5 * MINUTE);
    await runDueJobs({ db: quick.database.db, config: quick.config, clock: quick.time.clock });
    const [settled] = await quick.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, purchaseId));
    expect(settled?.state).toBe('paid');
    expect(await periodsOf(parent.id, quick)).toHaveLength(1);
  });

  it('leaves an order pending while the bank is silent, then the reconciler writes it off', async () => {
    const parent = await newParent(quick);
    const tariff = await tariffId(quick, 'subscription-1m-1c');
    const purchaseId = await initialize(quick, parent, 'subscription', [tariff.id]);
    const order = await register(quick, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    quick.bank.hang.add('getOrderStatusExtended');
    try {
      const silent = await orderState(quick, parent, order.order_id);
      expect(silent.statusCode).toBe(200);
      expect(silent.json().data.status).toBe('pending');
    } finally {
      quick.bank.hang.delete('getOrderStatusExtended');
    }
    // Never paid: after the payment page closed and the grace passed, the order is expired.
    for (const minutes of [5, 5, 10, 30, 70]) {
      quick.time.advance(minutes * MINUTE);
      await runDueJobs({ db: quick.database.db, config: quick.config, clock: quick.time.clock });
    }
    expect(await orderRow(order.order_id, quick)).toMatchObject({
      state: 'failed',
      failReason: 'Время на оплату истекло',
    });
  });
});

describe('a purchase and its promo code are what the bank was asked for', () => {
  it('keeps a purchase sent to the bank as it was: re-choosing makes a new one', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const big = await tariffId(kit, 'subscription-24m-3c');
    const purchaseId = await initialize(kit, parent, 'subscription', [month.id]);
    const cheap = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    const again = await post(kit, '/api/store/purchase-initialization', parent.token, {
      ids: [big.id],
      purchase_id: purchaseId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.purchase_id).not.toBe(purchaseId);
    // The cheap order paid: one month for one child, not the tariff chosen afterwards.
    kit.bank.pay(cheap.order_id);
    await orderState(kit, parent, cheap.order_id);
    const periods = await periodsOf(parent.id);
    expect(periods.map((p) => [p.tariffId, p.amountChildren])).toEqual([[month.id, 1]]);
  });

  it('takes a promo code only as applied to the purchase, never as a bare id', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const [promo] = await kit.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'UMNYASHKI10'));
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const guessed = await post(
      kit,
      '/api/payments/sberbank/register/subscription-order',
      parent.token,
      { purchase_id: purchaseId, promo_id: promo?.id },
    );
    expect(guessed.statusCode).toBe(422);
    expect(guessed.json().errors.promo_id[0]).toBe('Сначала примените промокод к этой покупке');
  });

  it('never promises a limited code more times than allowed, and gives a use back when a payment fails', async () => {
    await kit.database.db
      .insert(promoCodes)
      .values({ code: 'SINGLE', kind: 'percent', value: 50, maxUses: 1 });
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const start = async () => {
      const parent = await newParent(kit);
      const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
      const applied = await post(kit, '/api/store/web/promocode', parent.token, {
        code: 'single',
        purchase_id: purchaseId,
      });
      return { parent, purchaseId, applied };
    };
    const first = await start();
    const firstOrder = await register(kit, first.parent, 'register/subscription-order', {
      purchase_id: first.purchaseId,
      promo_id: first.applied.json().data.promo_id,
    });
    expect(firstOrder.amount).toBe(tariff.price / 2);
    const second = await start();
    expect(second.applied.statusCode).toBe(422);
    expect(second.applied.json().errors.code[0]).toMatch(/уже использовали/);
    // The first payment is declined: the use comes back and the second parent may have it.
    kit.bank.decline(firstOrder.order_id);
    await orderState(kit, first.parent, firstOrder.order_id);
    const third = await start();
    expect(third.applied.statusCode).toBe(200);
  });

  it('delivers nothing when the bank answers about another order number', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    kit.bank.pay(order.order_id, { orderNumber: 'someone-elses-order' });
    const state = await orderState(kit, parent, order.order_id);
    expect(state.json().data.state).not.toBe('paid');
    expect(await periodsOf(parent.id)).toEqual([]);
    expect((await orderRow(order.order_id))?.state).not.toBe('paid');
  });

  it('sends back a payment whose sum is not the purchase’s, delivering nothing', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    // However it came about, the purchase no longer says what the bank was asked for.
    await kit.database.db
      .update(purchases)
      .set({ amount: 100, total: 100 })
      .where(eq(purchases.id, purchaseId));
    kit.bank.pay(order.order_id);
    await orderState(kit, parent, order.order_id);
    expect(await periodsOf(parent.id)).toEqual([]);
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    expect(
      kit.bank.calls.some((c) => c.method === 'refund' && c.form.orderId === order.order_id),
    ).toBe(true);
    expect((await orderRow(order.order_id))?.state).toBe('failed');
  });
});

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
