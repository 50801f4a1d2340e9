import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBindings, promoCodes, purchases } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { deliveredMail } from '../../testing/accounts';
import { addMonths } from '../subscriptions/service';
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
    // Fifty confirmations and the reconciler: the parent gets one letter about the order.
    const mail = await deliveredMail(
      kit.app,
      { db: kit.database.db, config: kit.config, clock: kit.time.clock },
      parent.email,
    );
    expect(mail.filter((m) => m.template === 'purchase-paid')).toHaveLength(1);
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
