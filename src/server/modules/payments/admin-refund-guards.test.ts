// Refunds from the back office through the real app: the bank is the fake gateway over HTTP, staff sign in
// with staff sessions, and what a purchase delivered is checked where the family meets it (lessons, slots,
// the certificate, the payment history).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminAudit,
  familySubscriptions,
  giftCertificates,
  paymentOrders,
} from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { BANK_AWAY, NOT_PAID, REFUND_CLAIM_STALE_MS, bankRefused } from './admin-refund';
import {
  buy,
  mailsTo,
  initialize,
  newParent,
  register,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import {
  staff,
  childToday,
  refund,
  refundCalls,
  lessonsOf,
  orderOf,
} from '../../testing/admin-refunds';

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

describe('refunds that must not happen twice or at all', () => {
  it('asks the bank once when five refunds arrive together', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const paid = await buy(kit, parent, 'subscription', [month.id]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(kit, admin, paid.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().code).toBe('conflict');
    }
    expect(refundCalls(kit, paid.gatewayId)).toHaveLength(1);
    const audits = await kit.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, 'orders'), eq(adminAudit.recordId, String(paid.id))));
    expect(audits).toHaveLength(1);
    expect(await mailsTo(kit, parent.email, 'refund')).toHaveLength(1);
  });

  it('changes nothing when the bank refuses, with the reason in Russian; works once the bank agrees', async () => {
    const parent = await newParent(kit);
    const child = await childToday(kit, parent);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const paid = await buy(kit, parent, 'subscription', [month.id]);
    kit.bank.refundRefusal = '5';
    try {
      const res = await refund(kit, admin, paid.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'bank_refused',
        message: bankRefused('Отказ в возврате'),
      });
    } finally {
      kit.bank.refundRefusal = null;
    }
    expect(await orderOf(kit, paid.id)).toMatchObject({
      state: 'paid',
      refundStartedAt: null,
      refundedAt: null,
    });
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id));
    expect(period?.endedAt).toBeNull();
    expect((await lessonsOf(kit, parent, child)).every((l) => l.available)).toBe(true);
    expect(await mailsTo(kit, parent.email, 'refund')).toEqual([]);

    expect((await refund(kit, admin, paid.id)).statusCode).toBe(200);
  });

  it('refuses an order that was never paid and an unknown one', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const purchaseId = await initialize(kit, parent, 'subscription', [month.id]);
    await register(kit, parent, 'register/subscription-order', { purchase_id: purchaseId });
    const [order] = await kit.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.purchaseId, purchaseId));
    const res = await refund(kit, admin, order?.id ?? 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_PAID);
    expect((await refund(kit, admin, 2_000_000_000)).statusCode).toBe(404);
    const long = await refund(kit, admin, order?.id ?? 0, { reason: 'я'.repeat(501) });
    expect(long.statusCode).toBe(422);
  });

  it('is the administrator’s: support and editor get 403, a parent 403, a guest 401', async () => {
    const parent = await newParent(kit);
    const month = await tariffId(kit, 'subscription-1m-1c');
    const paid = await buy(kit, parent, 'subscription', [month.id]);
    for (const role of ['support', 'editor'] as const) {
      expect((await refund(kit, await staff(kit, role), paid.id)).statusCode).toBe(403);
    }
    expect((await refund(kit, parent.token, paid.id)).statusCode).toBe(403);
    const guest = await kit.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.id}/refund`,
      payload: {},
    });
    expect(guest.statusCode).toBe(401);
    // Support still reads the order.
    const read = await kit.app.inject({
      url: `/api/admin/orders/${paid.id}`,
      headers: bearer(await staff(kit, 'support')),
    });
    expect(read.json().data).toMatchObject({ state: 'paid', refunded_at: null });
    expect(refundCalls(kit, paid.gatewayId)).toEqual([]);
  });
});

describe('a bank that is away', () => {
  let slow: PaymentsKit;
  let boss: string;
  beforeAll(async () => {
    slow = await startPaymentsKit({}, { bankTimeoutMs: 300 });
    boss = await staff(slow, 'admin');
  });
  afterAll(async () => {
    await slow.close();
  });

  it('answers 503 in Russian and changes nothing; a retry after a lost answer finishes the refund', async () => {
    const parent = await newParent(slow);
    const gift = await tariffId(slow, 'gift-1m-1c');
    const paid = await buy(slow, parent, 'gift', [gift.id]);

    slow.bank.hang.add('refund');
    try {
      const res = await refund(slow, boss, paid.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'service_unavailable', message: BANK_AWAY });
    } finally {
      slow.bank.hang.delete('refund');
    }
    expect(await orderOf(slow, paid.id)).toMatchObject({ state: 'paid', refundStartedAt: null });
    // The certificate held while the bank was asked works again.
    const [certificate] = await slow.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseId, paid.purchaseId));
    expect(certificate?.cancelledAt).toBeNull();

    // Now the bank refunds but its answer is lost: 503 again, yet the money went back.
    slow.bank.refundThenHang = true;
    try {
      expect((await refund(slow, boss, paid.id)).statusCode).toBe(503);
    } finally {
      slow.bank.refundThenHang = false;
    }
    // The retry: the bank refuses a second refund, its status says «refunded», and the school finishes.
    const retry = await refund(slow, boss, paid.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.order.state).toBe('refunded');
    expect(refundCalls(slow, paid.gatewayId)).toHaveLength(3);
  });

  it('takes over a claim left by a crash once it is stale', async () => {
    const parent = await newParent(slow);
    const month = await tariffId(slow, 'subscription-1m-1c');
    const paid = await buy(slow, parent, 'subscription', [month.id]);
    await slow.database.db
      .update(paymentOrders)
      .set({ refundStartedAt: slow.time.clock() })
      .where(eq(paymentOrders.id, paid.id));
    const busy = await refund(slow, boss, paid.id);
    expect(busy.statusCode).toBe(409);
    expect(refundCalls(slow, paid.gatewayId)).toEqual([]);
    slow.time.advance(REFUND_CLAIM_STALE_MS + 1);
    expect((await refund(slow, boss, paid.id)).statusCode).toBe(200);
  });
});
