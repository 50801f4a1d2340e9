// Money given back at the bank, not through the school: the callback or the later checks notice it, and
// the school takes back what the payment delivered, as a refund from the back office would.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAudit,
  familySubscriptions,
  giftCertificates,
  paymentOrders,
  purchases,
  supportRequests,
} from '../../db/schema/index';
import { runDueJobs } from '../../jobs/runner';
import { staffSession } from '../../testing/staff';
import { SCHOOL_ACTOR } from '../../shared/audit';
import { ALREADY_REFUNDED } from './admin-refund';
import { REFUNDED_AT_BANK, REVERSED_AT_BANK } from './bank-refunds';
import {
  buy,
  mailsTo,
  callback,
  newParent,
  post,
  startPaymentsKit,
  tariffId,
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

async function orderOf(id: number) {
  const [row] = await kit.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row;
}

async function staffNotices(userId: number) {
  return kit.database.db.select().from(supportRequests).where(eq(supportRequests.userId, userId));
}

async function schoolAudit(orderId: number) {
  return kit.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, 'orders'), eq(adminAudit.recordId, String(orderId))));
}

describe('a refund made at the bank', () => {
  it('ends the subscription it paid for when the callback tells of it, once', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-3m-1c');
    const paid = await buy(kit, parent, 'subscription', [tariff.id]);

    kit.bank.refundAtBank(paid.gatewayId);
    expect((await callback(kit, paid.gatewayId, 'refunded')).statusCode).toBe(200);
    expect((await callback(kit, paid.gatewayId, 'refunded')).statusCode).toBe(200);

    expect(await orderOf(paid.id)).toMatchObject({
      state: 'refunded',
      refundedBy: null,
      refundReason: REFUNDED_AT_BANK,
      refundedAmount: paid.amount,
    });
    const [purchase] = await kit.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, paid.purchaseId));
    expect(purchase?.status).toBe('refunded');
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id));
    expect(period?.endedAt?.getTime()).toBe(kit.time.clock().getTime());

    const audit = await schoolAudit(paid.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, actorEmail: SCHOOL_ACTOR, action: 'refund' });
    const notices = await staffNotices(parent.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.status).toBe('new');
    expect(notices[0]?.email).toBe(kit.config.supportEmail);
    expect(notices[0]?.message).toContain('возвращён через банк целиком');
    expect(await mailsTo(kit, kit.config.supportEmail, 'support-request')).not.toEqual([]);
    const [letter] = await mailsTo(kit, parent.email, 'refund');
    expect(letter?.payload.data).toMatchObject({ took_back: true });

    // The back office sees the order as refunded: no second refund from there.
    const admin = await staffSession({ db: kit.database.db, clock: kit.time.clock }, 'admin');
    const again = await post(kit, `/api/admin/orders/${paid.id}/refund`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REFUNDED);
  });

  it('notices a reversal with no callback at the check a day after payment', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    const paid = await buy(kit, parent, 'subscription', [tariff.id]);
    kit.bank.reverseAtBank(paid.gatewayId);

    kit.time.advance(DAY + 60_000);
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });
    expect(await orderOf(paid.id)).toMatchObject({
      state: 'refunded',
      refundReason: REVERSED_AT_BANK,
    });
    expect(await staffNotices(parent.id)).toHaveLength(1);
  });

  it('leaves an activated gift with its recipient and says so in the back office', async () => {
    const buyer = await newParent(kit);
    const gift = await tariffId(kit, 'gift-1m-1c');
    const paid = await buy(kit, buyer, 'gift', [gift.id]);
    const [certificate] = await kit.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.purchaseId, paid.purchaseId));
    const recipient = await newParent(kit);
    const activated = await post(kit, '/api/store/subscription/activate', recipient.token, {
      code: certificate?.code,
    });
    expect(activated.statusCode, activated.body).toBe(201);

    kit.bank.refundAtBank(paid.gatewayId);
    await callback(kit, paid.gatewayId, 'refunded');
    const order = await orderOf(paid.id);
    expect(order?.state).toBe('refunded');
    expect(order?.refundReason).toMatch(/Не забрано: подарок уже активирован/);
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, recipient.id));
    expect(period?.endedAt).toBeNull();
    expect((await staffNotices(buyer.id))[0]?.message).toMatch(/Не забрано: подарок/);
    const [letter] = await mailsTo(kit, buyer.email, 'refund');
    expect(letter?.payload.data).toMatchObject({ took_back: false });
  });

  it('records a part given back at the bank and asks the staff, taking nothing back', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-6m-1c');
    const paid = await buy(kit, parent, 'subscription', [tariff.id]);
    kit.bank.refundAtBank(paid.gatewayId, 100_00);
    await callback(kit, paid.gatewayId, 'refunded');

    expect(await orderOf(paid.id)).toMatchObject({ state: 'paid', refundedAmount: 100_00 });
    const [period] = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, parent.id));
    expect(period?.endedAt).toBeNull();
    const notices = await staffNotices(parent.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toMatch(/частично возвращён через банк: 100\u00a0₽/);
    // The same callback again tells nothing new.
    await callback(kit, paid.gatewayId, 'refunded');
    expect(await staffNotices(parent.id)).toHaveLength(1);
  });
});
