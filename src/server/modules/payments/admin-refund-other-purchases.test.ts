// Refunds from the back office through the real app: the bank is the fake gateway over HTTP, staff sign in
// with staff sessions, and what a purchase delivered is checked where the family meets it (lessons, slots,
// the certificate, the payment history).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  childAdditionalPrograms,
  childSlotPurchases,
  giftCertificates,
} from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import { GIFT_ACTIVATED } from './admin-refund';
import {
  addChild,
  buy,
  newParent,
  offerFor,
  post,
  startPaymentsKit,
  tariffId,
  type PaymentsKit,
} from '../../testing/payments';
import { staff, refund, refundCalls, orderOf } from '../../testing/admin-refunds';

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
