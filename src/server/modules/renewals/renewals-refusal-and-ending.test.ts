import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBindings, unsubscribeFeedback } from '../../db/schema/index';
import { familyFacts } from '../lessons/facts';
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
import { RENEWAL_TICK_JOB } from './charge';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const DAY = 24 * 60 * 60_000;
const { subscribe, renewalOf, renewalOrders, paidEnd, get, runJob, moveTo } = renewalsKit(
  () => kit,
  { tickJob: RENEWAL_TICK_JOB },
);

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

  it('removes only the card «Тарифы» names, keeping another saved card', async () => {
    const parent = await newParent(kit);
    const { bindingId: older } = await subscribe(parent);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
    const order = await register(kit, parent, 'register/subscription-order', {
      purchase_id: purchaseId,
      recurrent: true,
    });
    const newer = `binding-newer-${parent.id}`;
    kit.bank.pay(order.order_id, { bindingId: newer, maskedPan: '220000**0053' });
    expect((await callback(kit, order.order_id)).statusCode).toBe(200);
    const shown = (await get('/api/store/renewal', parent.token)).json().data.card;

    const res = await post(kit, '/api/store/card/remove', parent.token, undefined);
    expect(res.statusCode).toBe(200);
    const removed = shown.masked_pan === '220000**0053' ? newer : older;
    const kept = removed === newer ? older : newer;
    expect(kit.bank.unbound.has(removed)).toBe(true);
    expect(kit.bank.unbound.has(kept)).toBe(false);
    const rows = await kit.database.db
      .select()
      .from(cardBindings)
      .where(eq(cardBindings.userId, parent.id));
    expect(rows.filter((row) => row.removedAt === null).map((row) => row.bindingId)).toEqual([
      kept,
    ]);
    // The panel now names the card that is left.
    expect(res.json().data.card).not.toEqual(shown);
    expect(res.json().data.card).not.toBeNull();
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
