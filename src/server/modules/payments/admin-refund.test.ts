// Refunds from the back office through the real app: the bank is the fake gateway over HTTP, staff sign in
// with staff sessions, and what a purchase delivered is checked where the family meets it (lessons, slots,
// the certificate, the payment history).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LessonsPage } from '@contract/api/lessons';
import {
  adminAudit,
  childAdditionalPrograms,
  childSlotPurchases,
  children,
  familySubscriptions,
  giftCertificates,
  jobs,
  paymentOrders,
  purchases,
  subscriptionRenewals,
} from '../../db/schema/index';
import { bearer } from '../auth/accounts-testing';
import { addMonths } from '../subscriptions/service';
import {
  ALREADY_REFUNDED,
  BANK_AWAY,
  GIFT_ACTIVATED,
  NOT_PAID,
  REFUND_CLAIM_STALE_MS,
  bankRefused,
} from './admin-refund';
import {
  addChild,
  initialize,
  newParent,
  offerFor,
  orderState,
  post,
  register,
  startPaymentsKit,
  tariffId,
  type Parent,
  type PaymentsKit,
} from './payments-testing';
import { staffSession } from '../../testing/staff';

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

const staff = (on: PaymentsKit, role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: on.database.db, clock: on.time.clock }, role);

/** A paid order of the parent: the gateway's id and ours. */
async function buy(
  on: PaymentsKit,
  parent: Parent,
  kind: 'subscription' | 'gift' | 'child-slot' | 'additional-program',
  ids: number[],
  extra: Record<string, unknown> = {},
): Promise<{ gatewayId: string; id: number; amount: number; purchaseId: number }> {
  const purchaseId = await initialize(on, parent, kind, ids);
  const order = await register(on, parent, `register/${kind}-order`, {
    purchase_id: purchaseId,
    ...extra,
  });
  on.bank.pay(order.order_id, extra.recurrent ? { bindingId: `binding-${purchaseId}` } : {});
  const state = await orderState(on, parent, order.order_id);
  expect(state.json().data.status, state.body).toBe('paid');
  const [row] = await on.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, order.order_id));
  if (!row) throw new Error('no order');
  return { gatewayId: order.order_id, id: row.id, amount: row.amount, purchaseId };
}

/** A child added at the kit's «now», so week 1 of the program is the week the tests look at. */
async function childToday(on: PaymentsKit, parent: Parent) {
  const [child] = await on.database.db
    .insert(children)
    .values({
      userId: parent.id,
      name: 'Маша',
      birthDate: '2021-05-01',
      ageGroup: 'four-five',
      createdAt: on.time.clock(),
    })
    .returning({ id: children.id });
  if (!child) throw new Error('insert failed');
  return child.id;
}

function refund(on: PaymentsKit, token: string, id: number, payload: unknown = {}) {
  return on.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/refund`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

const refundCalls = (on: PaymentsKit, gatewayId: string) =>
  on.bank.calls.filter((c) => c.method === 'refund' && c.form.orderId === gatewayId);

async function lessonsOf(on: PaymentsKit, parent: Parent, childId: number) {
  const res = await on.app.inject({
    url: `/api/profile/lessons?child_id=${childId}`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LessonsPage }>().data.lessons;
}

async function orderOf(on: PaymentsKit, id: number) {
  const [row] = await on.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row;
}

async function mailsTo(on: PaymentsKit, email: string, template: string) {
  const rows = await on.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
  return rows.filter((row) => row.payload.to === email && row.payload.template === template);
}

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

describe('refunds of the other purchases', () => {
  it('cancels an unused gift certificate: its code no longer works', async () => {
    const parent = await newParent(kit);
    const gift = await tariffId(kit, 'gift-1m-1c');
    const paid = await buy(kit, parent, 'gift', [gift.id]);
    const [certificate] = await kit.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseId, paid.purchaseId));
    const res = await refund(kit, admin, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taken_back).toEqual([
      `Подарочный сертификат ${certificate?.code} отменён: код больше не работает`,
    ]);
    const recipient = await newParent(kit);
    const activate = await post(kit, '/api/store/subscription/activate', recipient.token, {
      code: certificate?.code,
    });
    expect(activate.statusCode).toBe(422);
    expect(activate.json().errors.code[0]).toMatch(/отменён/);
    const mine = await kit.app.inject({ url: '/api/store/gift', headers: bearer(parent.token) });
    expect(mine.json().data).toEqual([]);
  });

  it('refuses to refund a gift the recipient already activated', async () => {
    const parent = await newParent(kit);
    const gift = await tariffId(kit, 'gift-1m-1c');
    const paid = await buy(kit, parent, 'gift', [gift.id]);
    const [certificate] = await kit.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseId, paid.purchaseId));
    const recipient = await newParent(kit);
    const activate = await post(kit, '/api/store/subscription/activate', recipient.token, {
      code: certificate?.code,
    });
    expect(activate.statusCode, activate.body).toBe(201);
    const res = await refund(kit, admin, paid.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GIFT_ACTIVATED);
    expect(refundCalls(kit, paid.gatewayId)).toEqual([]);
    expect((await orderOf(kit, paid.id))?.refundStartedAt).toBeNull();
  });

  it('removes a bought child place and an additional program', async () => {
    const parent = await newParent(kit);
    const child = await addChild(kit, parent);
    const slot = await buy(kit, parent, 'child-slot', []);
    const offer = await offerFor(kit, 1);
    const program = await buy(kit, parent, 'additional-program', [offer.id], { childIds: [child] });
    await post(kit, '/api/profile/child/store', parent.token, {
      name: 'Петя',
      birth_date: '2022-03-01',
    });

    const slotRes = await refund(kit, admin, slot.id);
    expect(slotRes.statusCode, slotRes.body).toBe(200);
    expect(slotRes.json().data.taken_back.join('\n')).toMatch(/Место .* снято/);
    expect(slotRes.json().data.taken_back.join('\n')).toMatch(/Детей в семье \(2\)/);
    expect(
      await kit.database.db
        .select()
        .from(childSlotPurchases)
        .where(eq(childSlotPurchases.userId, parent.id)),
    ).toEqual([]);

    const programRes = await refund(kit, admin, program.id);
    expect(programRes.statusCode, programRes.body).toBe(200);
    expect(
      await kit.database.db
        .select()
        .from(childAdditionalPrograms)
        .where(eq(childAdditionalPrograms.childId, child)),
    ).toEqual([]);
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
