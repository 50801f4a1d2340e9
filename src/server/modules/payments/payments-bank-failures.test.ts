import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, paymentOrders } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { staffSession } from '../../testing/staff';
import {
  callback,
  initialize,
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  paymentRows,
  type PaymentsKit,
} from '../../testing/payments';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const MINUTE = 60_000;
const { periodsOf, orderRow } = paymentRows(() => kit);

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
    // Found by number, it learnt the bank's id: the back office can refund it.
    expect(settled?.gatewayOrderId).toBe(atBank.orderId);
    const admin = await staffSession({ db: quick.database.db, clock: quick.time.clock }, 'admin');
    const refunded = await post(quick, `/api/admin/orders/${settled?.id}/refund`, admin, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await periodsOf(parent.id, quick)).toMatchObject([{ endedAt: expect.any(Date) }]);
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
