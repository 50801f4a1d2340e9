// Uses of a limited promo code held by orders nobody pays: counted once per family, and given back as soon
// as the bank's payment page closes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, promoCodes } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { PROMO_WAITING_ELSEWHERE } from '../store/promo';
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

async function newCode(code: string, maxUses: number) {
  await kit.database.db.insert(promoCodes).values({ code, kind: 'percent', value: 10, maxUses });
}

async function usedCount(code: string) {
  const [row] = await kit.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row?.usedCount;
}

/** A new purchase of one month with the code applied: the promocode answer. */
async function applyCode(parent: Parent, code: string) {
  const tariff = await tariffId(kit, 'subscription-1m-1c');
  const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
  const applied = await post(kit, '/api/store/web/promocode', parent.token, {
    code,
    purchase_id: purchaseId,
  });
  return { purchaseId, applied };
}

/** A new purchase with the code, registered at the bank and left unpaid. */
async function unpaidOrder(parent: Parent, code: string) {
  const { purchaseId, applied } = await applyCode(parent, code);
  expect(applied.statusCode, applied.body).toBe(200);
  return register(kit, parent, 'register/subscription-order', {
    purchase_id: purchaseId,
    promo_id: applied.json().data.promo_id,
  });
}

const runJobs = () =>
  runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });

describe('a limited promo code and orders nobody pays', () => {
  it('counts a family’s unpaid orders against the family, leaving the rest to other families', async () => {
    await newCode('TRIO', 3);
    const hoarder = await newParent(kit);
    const first = await applyCode(hoarder, 'trio');
    const promoId = first.applied.json().data.promo_id;
    await register(kit, hoarder, 'register/subscription-order', {
      purchase_id: first.purchaseId,
      promo_id: promoId,
    });
    // The same purchase opened again, with other terms: the one use is shared.
    await register(kit, hoarder, 'register/subscription-order', {
      purchase_id: first.purchaseId,
      promo_id: promoId,
      recurrent: true,
    });
    expect(await usedCount('TRIO')).toBe(1);
    // Another purchase of the family waits for the first to be paid or to expire.
    const second = await applyCode(hoarder, 'trio');
    expect(second.applied.statusCode).toBe(200);
    const refused = await post(
      kit,
      '/api/payments/sberbank/register/subscription-order',
      hoarder.token,
      {
        purchase_id: second.purchaseId,
        promo_id: promoId,
      },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.promo_id[0]).toBe(PROMO_WAITING_ELSEWHERE);
    expect(await usedCount('TRIO')).toBe(1);

    await unpaidOrder(await newParent(kit), 'trio');
    await unpaidOrder(await newParent(kit), 'trio');
    expect(await usedCount('TRIO')).toBe(3);
    const late = await applyCode(await newParent(kit), 'trio');
    expect(late.applied.statusCode).toBe(422);
    expect(late.applied.json().errors.code[0]).toMatch(/уже использовали/);
  });

  it('gives the use back when the bank’s page closes unpaid, not an hour later', async () => {
    await newCode('ONCE', 1);
    const first = await newParent(kit);
    const order = await unpaidOrder(first, 'once');
    expect(await usedCount('ONCE')).toBe(1);
    expect((await applyCode(await newParent(kit), 'once')).applied.statusCode).toBe(422);

    kit.time.advance(3 * MINUTE);
    await runJobs();
    expect(await usedCount('ONCE')).toBe(1);
    // The page was open 20 minutes; a minute later the order is over and the use is free again.
    kit.time.advance(18 * MINUTE);
    await runJobs();
    const [row] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.gatewayOrderId, order.order_id));
    expect(row).toMatchObject({ state: 'failed', failReason: 'Время на оплату истекло' });
    expect(await usedCount('ONCE')).toBe(0);
    expect((await applyCode(await newParent(kit), 'once')).applied.statusCode).toBe(200);
  });

  it('passes the hold to the purchase’s other waiting order when one fails, and counts the payment', async () => {
    await newCode('PAIR', 1);
    const family = await newParent(kit);
    const { purchaseId, applied } = await applyCode(family, 'pair');
    const promoId = applied.json().data.promo_id;
    const holder = await register(kit, family, 'register/subscription-order', {
      purchase_id: purchaseId,
      promo_id: promoId,
    });
    const sharer = await register(kit, family, 'register/subscription-order', {
      purchase_id: purchaseId,
      promo_id: promoId,
      recurrent: true,
    });
    expect(sharer.order_id).not.toBe(holder.order_id);
    expect(await usedCount('PAIR')).toBe(1);

    kit.bank.decline(holder.order_id);
    expect((await orderState(kit, family, holder.order_id)).json().data.status).toBe('failed');
    // The other order still waits at the bank: the family keeps its use.
    expect(await usedCount('PAIR')).toBe(1);
    expect((await applyCode(await newParent(kit), 'pair')).applied.statusCode).toBe(422);

    kit.bank.pay(sharer.order_id);
    expect((await orderState(kit, family, sharer.order_id)).json().data.status).toBe('paid');
    expect(await usedCount('PAIR')).toBe(1);
    expect((await applyCode(await newParent(kit), 'pair')).applied.statusCode).toBe(422);
  });
});
