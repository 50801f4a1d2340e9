// One order number for the parent, the bank and support; the price shown with a promo code is the price
// charged; a bank page closed unpaid ends as «not paid» on the school's schedule, not the queue's backoff.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { ORDER_SESSION_SECONDS } from './bank-session';
import { SETTLE_GRACE_MS } from './reconcile';
import {
  initialize,
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type Parent,
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

async function history(parent: Parent) {
  const res = await kit.app.inject({
    url: '/api/store/payments',
    headers: { authorization: `Bearer ${parent.token}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { order_number: string; status: string; total: number }[] }).data;
}

async function orderRow(gatewayId: string) {
  const [row] = await kit.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, gatewayId));
  if (!row) throw new Error('no order');
  return row;
}

describe('the order number', () => {
  it('is the one the bank is given, the history shows and the result names', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    // Short and readable aloud: the purchase, a dash, six letters and digits without 0/O and 1/I.
    expect(order).toMatchObject({ order_number: expect.stringMatching(/^\d+-[2-9A-HJ-NP-Z]{6}$/) });
    expect(kit.bank.orders.get(order.order_id)?.orderNumber).toBe(order.order_number);

    kit.bank.decline(order.order_id);
    const state = await orderState(kit, parent, order.order_id);
    expect(state.json().data).toMatchObject({
      status: 'failed',
      order_number: order.order_number,
    });
    expect(await history(parent)).toMatchObject([
      { order_number: order.order_number, status: 'failed' },
    ]);
  });
});

describe('a promo code carried through registration', () => {
  it('prices the purchase with the code before paying, and the bank is asked for that sum', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-12m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const priced = await post(kit, '/api/store/web/promocode', parent.token, {
      code: 'UMNYASHKI10',
      purchase_id: purchaseId,
    });
    expect(priced.statusCode).toBe(200);
    const shown = priced.json().data as { total: number; amount: number; promo_id: number };
    expect(shown.amount).toBe(tariff.price);
    expect(shown.total).toBe(Math.round(tariff.price * 0.9));
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
      promo_id: shown.promo_id,
    });
    expect(order.amount).toBe(shown.total);
    expect(kit.bank.orders.get(order.order_id)?.amount).toBe(shown.total);
  });
});

describe('a bank page closed without paying', () => {
  async function abandoned() {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-3m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
    });
    return { parent, order, openedAt: kit.time.clock().getTime() };
  }

  /** Minute by minute, as the worker would: the first minute the order is no longer waiting. */
  async function settledAfter(gatewayId: string, openedAt: number, limitMinutes: number) {
    for (;;) {
      await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
      const row = await orderRow(gatewayId);
      const minutes = (kit.time.clock().getTime() - openedAt) / MINUTE;
      if (row.state !== 'pending' || minutes >= limitMinutes) return { row, minutes };
      kit.time.advance(MINUTE);
    }
  }

  it('is not paid right after its page closes when nobody typed a card', async () => {
    const { parent, order, openedAt } = await abandoned();
    const { row, minutes } = await settledAfter(order.order_id, openedAt, 120);
    expect(row).toMatchObject({ state: 'failed', failReason: 'Время на оплату истекло' });
    expect(minutes).toBeLessThanOrEqual(ORDER_SESSION_SECONDS / 60 + 2);
    expect(await history(parent)).toMatchObject([{ status: 'failed' }]);
  });

  it('is written off 30 minutes after its page closed while the bank keeps it in 3-D Secure', async () => {
    const { parent, order, openedAt } = await abandoned();
    const atBank = kit.bank.orders.get(order.order_id);
    if (!atBank) throw new Error('the bank never saw the order');
    // The payer reached the 3-D Secure page and closed it; the bank is slow to write the order off.
    atBank.orderStatus = 5;
    const { row, minutes } = await settledAfter(order.order_id, openedAt, 180);
    expect(row).toMatchObject({ state: 'failed', failReason: 'Время на оплату истекло' });
    const limit = (ORDER_SESSION_SECONDS * 1000 + SETTLE_GRACE_MS) / MINUTE;
    expect(minutes).toBeGreaterThanOrEqual(limit);
    expect(minutes).toBeLessThanOrEqual(limit + 1);
    expect(await history(parent)).toMatchObject([{ status: 'failed' }]);
  });
});
