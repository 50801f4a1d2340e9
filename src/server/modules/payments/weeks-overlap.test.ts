// Two purchases of skipped weeks that overlap, both paid: the second opens only the weeks the child did
// not have, and the part paid for the others goes back to the card.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkippedWeeks } from '@contract/api/learning';
import { children, paymentOrders } from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { staffSession } from '../../testing/staff';
import { bearer } from '../../testing/accounts';
import { PART_REFUND_RUNNING } from './admin-refund';
import {
  newParent,
  orderState,
  post,
  register,
  startPaymentsKit,
  type PaymentsKit,
} from '../../testing/payments';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const DAY = 24 * 60 * 60_000;

describe('weeks bought twice from two tabs', () => {
  it('gives back the part of the second payment for the weeks the child had already', async () => {
    const parent = await newParent(kit);
    const [child] = await kit.database.db
      .insert(children)
      .values({
        userId: parent.id,
        name: 'Маша',
        birthDate: '2021-05-01',
        ageGroup: 'four-five',
        createdAt: kit.time.clock(),
      })
      .returning({ id: children.id });
    if (!child) throw new Error('insert failed');
    kit.time.advance(15 * DAY);
    const skipped = await kit.app.inject({
      url: `/api/profile/skipped-weeks?child_id=${child.id}`,
      headers: bearer(parent.token),
    });
    const weeks = skipped.json<{ data: SkippedWeeks }>().data.weeks;
    const [first, second] = weeks;
    if (!first || !second) throw new Error(`two skipped weeks expected: ${skipped.body}`);

    const one = await register(kit, parent, 'register/weeks-order', {
      child_id: child.id,
      weeks: [first.week_id],
    });
    const both = await register(kit, parent, 'register/weeks-order', {
      child_id: child.id,
      weeks: [first.week_id, second.week_id],
    });
    kit.bank.pay(one.order_id);
    kit.bank.pay(both.order_id);
    expect((await orderState(kit, parent, one.order_id)).json().data.status).toBe('paid');
    expect((await orderState(kit, parent, both.order_id)).json().data.status).toBe('paid');

    // While the part goes back, the back office is told so, not that the payment bought nothing.
    const [waiting] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.gatewayOrderId, both.order_id));
    const admin = await staffSession({ db: kit.database.db, clock: kit.time.clock }, 'admin');
    const early = await post(kit, `/api/admin/orders/${waiting?.id}/refund`, admin, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PART_REFUND_RUNNING);

    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    const refunds = kit.bank.calls.filter((call) => call.method === 'refund');
    expect(refunds.map((call) => [call.form.orderId, Number(call.form.amount)])).toEqual([
      [both.order_id, first.price],
    ]);
    const [row] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.gatewayOrderId, both.order_id));
    expect(row).toMatchObject({ state: 'paid', refundedAmount: first.price });
    // Running the jobs again gives nothing back twice.
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    expect(kit.bank.calls.filter((call) => call.method === 'refund')).toHaveLength(1);
  });
});
