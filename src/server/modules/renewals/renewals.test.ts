import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardBindings,
  familySubscriptions,
  paymentOrders,
  subscriptionRenewals,
  tariffs,
  unsubscribeFeedback,
} from '../../db/schema/index';
import { enqueue } from '../../jobs/queue';
import { runDueJobs } from '../../jobs/runner';
import { bearer, deliveredMail } from '../auth/accounts-testing';
import { familyFacts } from '../lessons/facts';
import {
  callback,
  initialize,
  newParent,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type Parent,
  type PaymentsKit,
} from '../payments/payments-testing';
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
let bindings = 0;

/** A paid 1-month subscription; with consent the bank saves the card and returns its binding. */
async function subscribe(parent: Parent, { recurrent = true, binding = true } = {}) {
  const tariff = await tariffId(kit, 'subscription-1m-1c');
  const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
  const order = await register(kit, parent, 'register/subscription-order', {
    purchase_id: purchaseId,
    recurrent,
  });
  const bindingId = `binding-${(bindings += 1)}`;
  kit.bank.pay(order.order_id, binding ? { bindingId } : {});
  expect((await callback(kit, order.order_id)).statusCode).toBe(200);
  return { tariff, bindingId };
}

const renewalOf = async (userId: number) => {
  const [row] = await kit.database.db
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.userId, userId));
  return row;
};
const renewalOrders = (userId: number) =>
  kit.database.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.kind, 'renewal')));
const paidEnd = async (userId: number) => {
  const rows = await kit.database.db
    .select()
    .from(familySubscriptions)
    .where(eq(familySubscriptions.userId, userId));
  return Math.max(...rows.map((r) => (r.endedAt ?? r.endsAt).getTime()));
};
const get = (url: string, token: string) => kit.app.inject({ url, headers: bearer(token) });
const deps = () => ({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
const mailTo = (parent: Parent) => deliveredMail(kit.app, deps(), parent.email);

/** The renewal job as the worker runs it: a tick on the queue, then every due job. */
async function runJob() {
  await enqueue(kit.database.db, RENEWAL_TICK_JOB, {});
  await runDueJobs(deps());
}

/** Moves the clock to `ms` before (negative: after) the family's next charge. */
async function moveTo(userId: number, offsetMs: number) {
  const row = await renewalOf(userId);
  if (!row) throw new Error('no renewal row');
  const target = row.nextChargeAt.getTime() + offsetMs;
  kit.time.advance(target - kit.time.clock().getTime());
}

describe('consent', () => {
  it('is saved only with recurrent and a binding, and the profile then shows auto_renew', async () => {
    const without = await newParent(kit);
    await subscribe(without, { recurrent: false });
    expect(await renewalOf(without.id)).toBeUndefined();
    const noBinding = await newParent(kit);
    await subscribe(noBinding, { binding: false });
    expect(await renewalOf(noBinding.id)).toBeUndefined();

    const parent = await newParent(kit);
    const { tariff } = await subscribe(parent);
    const row = await renewalOf(parent.id);
    expect(row?.nextChargeAt.getTime()).toBe(await paidEnd(parent.id));
    const profile = (await get('/api/profile/show', parent.token)).json();
    expect(JSON.stringify(profile)).toContain('"auto_renew":true');
    const state = (await get('/api/store/renewal', parent.token)).json().data;
    expect(state).toMatchObject({
      active: true,
      amount: tariff.price,
      card: { masked_pan: '555555**5599' },
      paused_until: null,
      pauses_left: 2,
    });
    expect(state.next_charge_at).toBe(row?.nextChargeAt.toISOString());
  });
});

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
    expect((await mailTo(parent)).filter((m) => m.template === 'renewal-done')).toHaveLength(1);
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
    await subscribe(parent);
    await moveTo(parent.id, 0);
    kit.bank.hang.add('paymentOrderBinding');
    try {
      await runRenewals({ db: kit.database.db, config: kit.config, now: kit.time.clock() });
    } finally {
      kit.bank.hang.delete('paymentOrderBinding');
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

describe('refusal, card removal and ending', () => {
  it('one click cancels, keeps the paid period, is idempotent; the charge date passes with no order', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const end = await paidEnd(parent.id);
    const reasons = (await get('/api/profile/unsubscribe/reason', parent.token)).json().data;
    expect(reasons.map((r: { title: string }) => r.title)).toContain('Ребёнку неинтересно');
    for (let i = 0; i < 2; i += 1) {
      const res = await post(kit, '/api/profile/unsubscribe', parent.token, {
        reason: 'expensive',
        comment: 'Подорожало',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ active: false, next_charge_at: null });
    }
    expect(await paidEnd(parent.id)).toBe(end);
    const feedback = await kit.database.db
      .select()
      .from(unsubscribeFeedback)
      .where(eq(unsubscribeFeedback.userId, parent.id));
    expect(feedback).toHaveLength(1);
    await moveTo(parent.id, DAY);
    await runJob();
    expect(await renewalOrders(parent.id)).toHaveLength(0);
  });

  it('statistics are stored, limited per parent, and bad input is a Russian 422', async () => {
    const parent = await newParent(kit);
    const bad = await post(kit, '/api/profile/unsubscribe/statistics', parent.token, {
      reason: 'nope',
      comment: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Выберите причину из списка');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await post(kit, '/api/profile/unsubscribe/statistics', parent.token, {
            reason: 'no-time',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('removing the card calls unBindCard and stops renewals; a bank refusal changes nothing', async () => {
    const parent = await newParent(kit);
    const { bindingId } = await subscribe(parent);
    kit.bank.unbindRefusal = '5';
    const refused = await post(kit, '/api/store/card/remove', parent.token, undefined);
    kit.bank.unbindRefusal = null;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain('Банк не смог удалить карту');
    expect((await renewalOf(parent.id))?.cancelledAt).toBeNull();

    const other = await newParent(kit);
    await post(kit, '/api/store/card/remove', other.token, undefined);
    expect(kit.bank.unbound.has(bindingId)).toBe(false);

    const res = await post(kit, '/api/store/card/remove', parent.token, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ active: false, card: null });
    expect(kit.bank.unbound.has(bindingId)).toBe(true);
    const [card] = await kit.database.db
      .select()
      .from(cardBindings)
      .where(eq(cardBindings.bindingId, bindingId));
    expect(card?.removedAt).not.toBeNull();
    await moveTo(parent.id, DAY);
    await runJob();
    expect(await renewalOrders(parent.id)).toHaveLength(0);
  });

  it('turns back on only with a fresh consent and a saved card, and charges again', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const off = await post(kit, '/api/profile/unsubscribe', parent.token, {});
    expect(off.json().data).toMatchObject({ active: false, can_enable: true, months: 1 });
    const unticked = await post(kit, '/api/store/renewal/enable', parent.token, {});
    expect(unticked.statusCode).toBe(422);
    expect(unticked.body).toContain('Подтвердите согласие');
    expect((await renewalOf(parent.id))?.cancelledAt).not.toBeNull();

    const stranger = await newParent(kit);
    const foreign = await post(kit, '/api/store/renewal/enable', stranger.token, { consent: true });
    expect(foreign.statusCode).toBe(409);
    expect((await renewalOf(parent.id))?.cancelledAt).not.toBeNull();

    kit.time.advance(DAY);
    const on = await post(kit, '/api/store/renewal/enable', parent.token, { consent: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ active: true, next_charge_at: expect.any(String) });
    const row = await renewalOf(parent.id);
    expect(row?.consentAt.getTime()).toBe(kit.time.clock().getTime());
    expect(row?.nextChargeAt.getTime()).toBe(await paidEnd(parent.id));
    const again = await post(kit, '/api/store/renewal/enable', parent.token, { consent: true });
    expect(again.statusCode).toBe(200);
    expect((await renewalOf(parent.id))?.consentAt.getTime()).toBe(row?.consentAt.getTime());

    await moveTo(parent.id, 0);
    await runJob();
    expect(await renewalOrders(parent.id)).toHaveLength(1);
  });

  it('names the card renewal charges and the end of all paid time, later periods included', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const first = (await get('/api/store/renewal', parent.token)).json().data;
    expect(first.paid_until).toBe(new Date(await paidEnd(parent.id)).toISOString());
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
      recurrent: true,
    });
    kit.bank.pay(order.order_id, {
      bindingId: `binding-later-${parent.id}`,
      maskedPan: '220000**0053',
    });
    expect((await callback(kit, order.order_id)).statusCode).toBe(200);
    const later = (await get('/api/store/renewal', parent.token)).json().data;
    expect(later.paid_until).toBe(new Date(await paidEnd(parent.id)).toISOString());
    expect(new Date(later.paid_until).getTime()).toBeGreaterThan(
      new Date(first.paid_until).getTime(),
    );
    expect(later.card).toEqual({ masked_pan: '220000**0053' });
  });

  it('cannot turn back on once the card is removed', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const removed = await post(kit, '/api/store/card/remove', parent.token, undefined);
    expect(removed.json().data).toMatchObject({ active: false, can_enable: false, card: null });
    const res = await post(kit, '/api/store/renewal/enable', parent.token, { consent: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Сохранённой карты нет');
    expect((await renewalOf(parent.id))?.cancelledAt).not.toBeNull();
  });

  it('end-subscription closes access now and cancels renewal; nothing left is 409', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const res = await post(kit, '/api/profile/end-subscription', parent.token, undefined);
    expect(res.statusCode).toBe(200);
    expect((await familyFacts(kit.database.db, parent.id, kit.time.clock())).seats).toBe(0);
    expect((await renewalOf(parent.id))?.cancelReason).toBe('subscription_ended');
    const again = await post(kit, '/api/profile/end-subscription', parent.token, undefined);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Нет подписки, которую можно завершить');
  });
});

describe('pauses', () => {
  it('two weeks move the end and the charge by 14 days, close lessons, and resume moves back', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const end = await paidEnd(parent.id);
    const charge = (await renewalOf(parent.id))?.nextChargeAt.getTime() ?? 0;
    const res = await post(kit, '/api/profile/pause', parent.token, { weeks: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pauses_left: 1, pause_weeks_left: 0, paid: true });
    expect(await paidEnd(parent.id)).toBe(end + 14 * DAY);
    expect((await renewalOf(parent.id))?.nextChargeAt.getTime()).toBe(charge + 14 * DAY);
    const during = await familyFacts(kit.database.db, parent.id, kit.time.clock());
    expect(during.seats).toBe(0);

    const twice = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('Каникулы уже идут');

    kit.time.advance(4 * DAY);
    const resumed = await post(kit, '/api/profile/pause/resume', parent.token, undefined);
    expect(resumed.statusCode).toBe(200);
    expect(await paidEnd(parent.id)).toBe(end + 4 * DAY);
    expect((await renewalOf(parent.id))?.nextChargeAt.getTime()).toBe(charge + 4 * DAY);
    expect((await familyFacts(kit.database.db, parent.id, kit.time.clock())).seats).toBe(1);
    const noPause = await post(kit, '/api/profile/pause/resume', parent.token, undefined);
    expect(noPause.statusCode).toBe(409);
  });

  it('refuses over the limits, without a paid subscription, and bad weeks, in Russian', async () => {
    const parent = await newParent(kit);
    const none = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('оплаченной подписке');
    for (const weeks of [0, 5, 1.5, '2']) {
      const bad = await post(kit, '/api/profile/pause', parent.token, { weeks });
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toMatch(/недел/);
    }
    await subscribe(parent);
    expect((await get('/api/store/renewal', parent.token)).json().data.pause_weeks_left).toBe(4);
    expect((await post(kit, '/api/profile/pause', parent.token, { weeks: 4 })).statusCode).toBe(
      200,
    );
    kit.time.advance(28 * DAY + 60_000);
    expect((await get('/api/store/renewal', parent.token)).json().data.pause_weeks_left).toBe(2);
    const tooLong = await post(kit, '/api/profile/pause', parent.token, { weeks: 3 });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe('За год можно взять не больше 6 недель каникул');
    expect((await post(kit, '/api/profile/pause', parent.token, { weeks: 2 })).statusCode).toBe(
      200,
    );
    kit.time.advance(14 * DAY + 60_000);
    const third = await post(kit, '/api/profile/pause', parent.token, { weeks: 1 });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Каникулы можно брать не больше 2 раз за год');
  });

  it('another parent cannot pause, resume or end this family', async () => {
    const parent = await newParent(kit);
    await subscribe(parent);
    const stranger = await newParent(kit);
    expect((await post(kit, '/api/profile/pause', stranger.token, { weeks: 1 })).statusCode).toBe(
      409,
    );
    expect(
      (await post(kit, '/api/profile/end-subscription', stranger.token, undefined)).statusCode,
    ).toBe(409);
    await post(kit, '/api/profile/unsubscribe', stranger.token, {});
    expect((await renewalOf(parent.id))?.cancelledAt).toBeNull();
    expect((await familyFacts(kit.database.db, parent.id, kit.time.clock())).seats).toBe(1);
  });
});

describe('price', () => {
  it('a renewal never charges more than the family last paid for the tariff; a lower price applies', async () => {
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
