// Refunds from the back office through the real app: the bank is the fake gateway over HTTP, staff sign in
// with staff sessions, and what a purchase delivered is checked where the family meets it (lessons, slots,
// the certificate, the payment history).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminAudit,
  familySubscriptions,
  purchases,
  subscriptionRenewals,
} from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { addMonths } from '../subscriptions/service';
import { ALREADY_REFUNDED } from './admin-refund';
import {
  buy,
  mailsTo,
  newParent,
  orderState,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { staff, childToday, refund, refundCalls, lessonsOf } from '../../testing/admin-refunds';

let kit: PaymentsKit;
let admin: string;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
// Staff sessions end after an hour without use, and the tests move the clock: a fresh one each time.
beforeEach(async () => {
  admin = await staff(kit, 'admin');
});
afterAll(async () => {
  await kit.close();
});

describe('POST /api/admin/orders/:id/refund — a subscription', () => {
  it('gives the money back, ends the period now, closes the lessons and stops renewal', async () => {
    const parent = await newParent(kit);
    const child = await childToday(kit, parent);
    const tariff = await tariffId(kit, 'subscription-3m-1c');
    const paid = await buy(kit, parent, 'subscription', [tariff.id], { recurrent: true });
    const before = await lessonsOf(kit, parent, child);
    expect(before.every((lesson) => lesson.available)).toBe(true);
    const [renewal] = await kit.database.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.userId, parent.id));
    expect(renewal?.cancelledAt).toBeNull();

    kit.time.advance(3 * 24 * 3_600_000);
    const now = kit.time.clock();
    admin = await staff(kit, 'admin');
    const res = await refund(kit, admin, paid.id, { reason: '  Родитель передумал  ' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.order).toMatchObject({
      id: paid.id,
      state: 'refunded',
      refunded_at: now.toISOString(),
      refund_reason: 'Родитель передумал',
    });
    expect(data.order.refunded_by_email).toMatch(/^admin-[0-9a-f]{8}@example\.ru$/);
    expect(data.taken_back.join('\n')).toMatch(/закончилась сейчас/);
    expect(data.taken_back.join('\n')).toMatch(/Автопродление выключено/);
    expect(data.left).toEqual([]);

    // The bank was asked once, for the whole sum.
    expect(refundCalls(kit, paid.gatewayId).map((c) => c.form.amount)).toEqual([
      String(paid.amount),
    ]);
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id));
    expect(period?.endedAt).toEqual(now);
    const [purchase] = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, paid.purchaseId));
    expect(purchase?.status).toBe('refunded');
    const [stopped] = await kit.database.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.userId, parent.id));
    expect(stopped).toMatchObject({ cancelReason: 'refunded', cancelledAt: now });

    // The child keeps only the free first lesson.
    const after = await lessonsOf(kit, parent, child);
    expect(after[0]?.available).toBe(true);
    expect(after.slice(1).every((l) => !l.available && l.lock_reason === 'no_subscription')).toBe(
      true,
    );

    // The parent sees it honestly and is told by mail.
    const history = await kit.app.inject({
      url: '/api/store/payments',
      headers: bearer(parent.token),
    });
    expect(history.json().data[0]).toMatchObject({
      purchase_id: paid.purchaseId,
      status: 'refunded',
      refunded_at: now.toISOString(),
    });
    const [mail] = await mailsTo(kit, parent.email, 'refund');
    expect(mail?.payload.data).toMatchObject({
      amount: expect.stringMatching(/^[\d\u00a0]+\u00a0₽$/),
      card: '•••• 5599',
      took_back: true,
    });
    // The return page of that order no longer says «paid».
    expect((await orderState(kit, parent, paid.gatewayId)).json().data).toMatchObject({
      status: 'failed',
      refund: true,
    });

    const [audit] = await kit.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, 'orders'), eq(adminAudit.recordId, String(paid.id))));
    expect(audit).toMatchObject({ action: 'refund' });
    expect(audit?.summary).toMatchObject({ amount: paid.amount, reason: 'Родитель передумал' });

    // Refused the second time, and the bank is not asked again.
    const again = await refund(kit, admin, paid.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REFUNDED);
    expect(refundCalls(kit, paid.gatewayId)).toHaveLength(1);
    // The order list filters refunded orders.
    const list = await kit.app.inject({
      url: `/api/admin/orders?state=refunded&user_id=${parent.id}`,
      headers: bearer(admin),
    });
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([paid.id]);
  });

  it('moves the periods chained after the refunded one earlier', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const first = await buy(kit, parent, 'subscription', [month.id]);
    const start = kit.time.clock();
    await buy(kit, parent, 'subscription', [month.id]);
    kit.time.advance(24 * 3_600_000);
    const now = kit.time.clock();
    const res = await refund(kit, await staff(kit, 'admin'), first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taken_back.join('\n')).toMatch(/сдвинуты раньше/);
    const periods = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id))
      .orderBy(familySubscriptions.id);
    expect(periods[0]?.endedAt).toEqual(now);
    // The second month now starts today and is as long as it was.
    const firstEnd = addMonths(start, 1);
    expect(periods[1]?.startsAt).toEqual(now);
    expect(periods[1]?.endsAt.getTime()).toBe(
      addMonths(firstEnd, 1).getTime() - (firstEnd.getTime() - now.getTime()),
    );
    expect(periods[1]?.endedAt).toBeNull();
  });

  it('takes back a period not yet begun by dropping it, the one in force untouched', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    await buy(kit, parent, 'subscription', [month.id]);
    const second = await buy(kit, parent, 'subscription', [month.id]);
    const res = await refund(kit, admin, second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taken_back.join('\n')).toMatch(/Ещё не начавшийся/);
    const periods = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id))
      .orderBy(familySubscriptions.id);
    expect(periods[0]?.endedAt).toBeNull();
    expect(periods[1]?.endedAt).toEqual(periods[1]?.startsAt);
    const renewal = await kit.app.inject({
      url: '/api/store/renewal',
      headers: bearer(parent.token),
    });
    expect(renewal.json().data.paid_until).toBe(periods[0]?.endsAt.toISOString());
  });

  it('refunds an order delivered before purchases were remembered and says what is left', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const paid = await buy(kit, parent, 'subscription', [month.id]);
    // As a period delivered before the migration: no purchase id.
    await kit.database.db
      .update(familySubscriptions)
      .set({ purchaseId: null })
      .where(eq(familySubscriptions.userId, parent.id));
    const res = await refund(kit, admin, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.left).toEqual([expect.stringMatching(/^Период подписки не найден/)]);
    expect(refundCalls(kit, paid.gatewayId)).toHaveLength(1);
  });
});
