import { eq } from 'drizzle-orm';
import { formatMoscowDate } from '@contract/moscow-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffs } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import {
  callback,
  initialize,
  newParent,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { renewalsKit } from '../../testing/renewals';
import { RENEWAL_TICK_JOB, runRenewals } from './charge';
import { renewalState } from './service';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const DAY = 24 * 60 * 60_000;
const { subscribe, renewalOf, renewalOrders, paidEnd, get, deps, mailTo, runJob, moveTo } =
  renewalsKit(() => kit, { tickJob: RENEWAL_TICK_JOB });

describe('the renewal job', () => {
  it('mails a reminder 3 days before with the amount and the cancel link, once', async () => {
    const parent = await newParent(kit);
    const { tariff } = await subscribe(parent);
    await moveTo(parent.id, -4 * DAY);
    await runJob();
    expect((await mailTo(parent)).filter((m) => m.template === 'renewal-reminder')).toHaveLength(0);
    await moveTo(parent.id, -3 * DAY + 60_000);
    await runJob();
    await runJob();
    const reminders = (await mailTo(parent)).filter((m) => m.template === 'renewal-reminder');
    expect(reminders).toHaveLength(1);
    const text = reminders[0]?.text ?? '';
    expect(text.replace(/\s/g, '')).toContain(String(tariff.price / 100).replace(/\s/g, ''));
    expect(text).toContain('•••• 5599');
    expect(reminders[0]?.links).toContain(`${kit.config.publicUrl}/personal/tariffs`);
  });

  it('charges the saved card once and extends the subscription, even when run twice', async () => {
    const parent = await newParent(kit);
    const { tariff, bindingId } = await subscribe(parent);
    const before = await paidEnd(parent.id);
    await moveTo(parent.id, 0);
    await Promise.all([
      runRenewals({ db: kit.database.db, config: kit.config, now: kit.time.clock() }),
      runRenewals({ db: kit.database.db, config: kit.config, now: kit.time.clock() }),
    ]);
    await runJob();
    const orders = await renewalOrders(parent.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ state: 'paid', amount: tariff.price });
    const sent = [...kit.bank.orders.values()].find(
      (o) => o.orderNumber === orders[0]?.orderNumber,
    );
    expect(sent?.form).toMatchObject({
      clientId: String(parent.id),
      bindingId,
      features: 'AUTO_PAYMENT',
    });
    expect(await paidEnd(parent.id)).toBeGreaterThan(before);
    const row = await renewalOf(parent.id);
    expect(row?.nextChargeAt.getTime()).toBe(await paidEnd(parent.id));
    expect(row?.cancelledAt).toBeNull();
    const done = (await mailTo(parent)).filter((m) => m.template === 'renewal-done');
    expect(done).toHaveLength(1);
    // The renewal's letter is the order's letter: its number and the new end of paid time.
    expect(done[0]?.text).toContain(`Заказ: №\u00a0${orders[0]?.orderNumber}`);
    expect(done[0]?.text).toContain(`Оплачено до: ${formatMoscowDate(await paidEnd(parent.id))}`);
    // One letter per order: the manual purchase got «Оплата прошла», the charge none besides its own.
    expect((await mailTo(parent)).filter((m) => m.template === 'purchase-paid')).toHaveLength(1);
  });

  it('renews a first payment made with a promo code at the tariff’s price, as the consent says', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const applied = await post(kit, '/api/store/web/promocode', parent.token, {
      code: 'UMNYASHKI10',
      purchase_id: purchaseId,
    });
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
      promo_id: applied.json().data.promo_id,
      recurrent: true,
    });
    expect(order.amount).toBeLessThan(tariff.price);
    kit.bank.pay(order.order_id, { bindingId: `binding-promo-${parent.id}` });
    expect((await callback(kit, order.order_id)).statusCode).toBe(200);
    expect((await get('/api/store/renewal', parent.token)).json().data.amount).toBe(tariff.price);
    await moveTo(parent.id, 0);
    await runJob();
    expect((await renewalOrders(parent.id))[0]).toMatchObject({ amount: tariff.price });
  });

  it('retries a declined card twice, a day apart, then stops and tells the parent', async () => {
    const parent = await newParent(kit);
    const { bindingId } = await subscribe(parent);
    kit.bank.bindingOutcome.set(bindingId, 'decline');
    await moveTo(parent.id, 0);
    await runJob();
    expect(await renewalOf(parent.id)).toMatchObject({ failedAttempts: 1, cancelledAt: null });
    // The parent's session has expired by the charge date: the state as the route computes it.
    const stateNow = () => renewalState(kit.database.db, parent.id, kit.time.clock());
    const retrying = await stateNow();
    expect(retrying).toMatchObject({ active: true, failed_attempts: 1, stopped_by_bank: false });
    expect(retrying.next_charge_at).toBe(new Date(kit.time.clock().getTime() + DAY).toISOString());
    await runJob();
    expect(await renewalOrders(parent.id)).toHaveLength(1);
    kit.time.advance(DAY);
    await runJob();
    expect(await renewalOf(parent.id)).toMatchObject({ failedAttempts: 2, cancelledAt: null });
    kit.time.advance(DAY);
    await runJob();
    const row = await renewalOf(parent.id);
    expect(row).toMatchObject({ failedAttempts: 3, cancelReason: 'charge_failed' });
    expect(await stateNow()).toMatchObject({
      active: false,
      failed_attempts: 0,
      stopped_by_bank: true,
      // The paid time is over by now: the next subscription is paid by hand.
      can_enable: false,
    });
    kit.time.advance(DAY);
    await runJob();
    expect(await renewalOrders(parent.id)).toHaveLength(3);
    const failed = (await mailTo(parent)).filter((m) => m.template === 'renewal-failed');
    expect(failed).toHaveLength(1);
  });

  it('counts a charge the bank refuses outright (errorCode 2) as a failed attempt', async () => {
    const parent = await newParent(kit);
    const { bindingId } = await subscribe(parent);
    kit.bank.unbound.add(bindingId);
    await moveTo(parent.id, 0);
    await runJob();
    expect(await renewalOf(parent.id)).toMatchObject({ failedAttempts: 1, chargeOrderId: null });
    expect((await renewalOrders(parent.id))[0]?.state).toBe('failed');
  });

  it('mails the parent to pay by hand when the bank asks for 3-D Secure', async () => {
    const parent = await newParent(kit);
    const { bindingId } = await subscribe(parent);
    kit.bank.bindingOutcome.set(bindingId, '3ds');
    await moveTo(parent.id, 0);
    await runJob();
    expect(await renewalOf(parent.id)).toMatchObject({ cancelReason: 'charge_failed' });
    const [mail] = (await mailTo(parent)).filter((m) => m.template === 'renewal-failed');
    expect(mail?.text).toContain('«Тарифах»');
  });

  it('leaves an unanswered charge for the reconciler and never registers a second order', async () => {
    const parent = await newParent(kit);
    const { bindingId } = await subscribe(parent);
    await moveTo(parent.id, 0);
    kit.bank.bindingOutcome.set(bindingId, 'hang');
    try {
      await runRenewals({ db: kit.database.db, config: kit.config, now: kit.time.clock() });
    } finally {
      kit.bank.bindingOutcome.delete(bindingId);
    }
    await runRenewals({ db: kit.database.db, config: kit.config, now: kit.time.clock() });
    const orders = await renewalOrders(parent.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.state).toBe('pending');

    // The bank did charge after all: the reconciler delivers it, once, and the parent is told.
    const before = await paidEnd(parent.id);
    kit.bank.pay(orders[0]?.gatewayOrderId ?? '', { bindingId: 'late' });
    kit.time.advance(5 * 60_000);
    await runDueJobs(deps());
    await runJob();
    expect((await renewalOrders(parent.id))[0]?.state).toBe('paid');
    expect(await paidEnd(parent.id)).toBeGreaterThan(before);
    expect((await renewalOf(parent.id))?.nextChargeAt.getTime()).toBe(await paidEnd(parent.id));
    expect((await mailTo(parent)).filter((m) => m.template === 'renewal-done')).toHaveLength(1);
  });
});

describe('price', () => {
  it('a renewal charges the tariff’s price at the family’s last payment, never a later rise; a lower price applies', async () => {
    const parent = await newParent(kit);
    const { tariff } = await subscribe(parent);
    const setPrice = (price: number) =>
      kit.database.db.update(tariffs).set({ price }).where(eq(tariffs.id, tariff.id));
    try {
      // A rise after the consent: the reminder, the state and the charge keep the price agreed to.
      await setPrice(tariff.price + 10_000);
      await moveTo(parent.id, -3 * DAY + 60_000);
      await runJob();
      const reminder = (await mailTo(parent)).find((m) => m.template === 'renewal-reminder');
      expect(reminder?.text.replace(/\s/g, '')).toContain(
        String(tariff.price / 100).replace(/\s/g, ''),
      );
      expect((await get('/api/store/renewal', parent.token)).json().data.amount).toBe(tariff.price);
      await moveTo(parent.id, 0);
      await runJob();
      const [first] = await renewalOrders(parent.id);
      expect(first?.amount).toBe(tariff.price);

      // A drop: the next charge is the lower price, and a later rise back stops at it.
      await setPrice(tariff.price - 10_000);
      await moveTo(parent.id, 0);
      await runJob();
      await setPrice(tariff.price);
      // The parent's session has expired by now: the state as the route computes it.
      const state = await renewalState(kit.database.db, parent.id, kit.time.clock());
      expect(state.amount).toBe(tariff.price - 10_000);
      const amounts = (await renewalOrders(parent.id)).map((order) => order.amount).sort();
      expect(amounts).toEqual([tariff.price - 10_000, tariff.price].sort());
    } finally {
      await setPrice(tariff.price);
    }
  });
});
