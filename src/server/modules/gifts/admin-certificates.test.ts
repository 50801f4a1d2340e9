import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, familySubscriptions, giftCertificates } from '../../db/schema/index';
import { bearer } from '../../testing/accounts';
import {
  initialize,
  newParent,
  orderState,
  register,
  startPaymentsKit,
  tariffId,
  type Parent,
  type PaymentsKit,
} from '../../testing/payments';
import { staffSession } from '../../testing/staff';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

const staff = (role: 'admin' | 'editor' | 'support') =>
  staffSession({ db: kit.database.db, clock: kit.time.clock }, role);

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  kit.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

interface Certificate {
  id: number;
  code: string;
  status: string;
  buyer_email: string | null;
  order_id: number | null;
  paid: number;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
}

/** A gift bought through the bank, as a parent buys it. */
async function buyGift(buyer: Parent): Promise<{ id: number; code: string }> {
  const tariff = await tariffId(kit, 'gift-3m-1c');
  const purchaseId = await initialize(kit, buyer, 'gift', [tariff.id]);
  const order = await register(kit, buyer, 'register/gift-order', { purchase_id: purchaseId });
  kit.bank.pay(order.order_id);
  expect((await orderState(kit, buyer, order.order_id)).json().data.status).toBe('paid');
  const [row] = await kit.database.db
    .select()
    .from(giftCertificates)
    .where(eq(giftCertificates.buyerId, buyer.id));
  if (!row) throw new Error('no certificate after payment');
  return { id: row.id, code: row.code };
}

const activate = (parent: Parent, code: string) =>
  kit.app.inject({
    method: 'POST',
    url: '/api/store/subscription/activate',
    payload: { code },
    headers: bearer(parent.token),
    remoteAddress: `10.2.${(parent.id >> 8) & 255}.${parent.id & 255}`,
  });

const list = async (token: string, query: string) => {
  const res = await call('GET', `/api/admin/gift-certificates?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Certificate[]; meta: { total: number } }>();
};

describe('gift certificates in the back office', () => {
  it('finds a certificate by its code in any case, by the buyer’s address, and by status', async () => {
    const admin = await staff('admin');
    const buyer = await newParent(kit);
    const gift = await buyGift(buyer);
    await buyGift(await newParent(kit));

    const typed = gift.code.toLowerCase().replace(/-/g, ' ');
    const byCode = await list(admin, `q=${encodeURIComponent(typed)}`);
    expect(byCode.data.map((c) => c.id)).toEqual([gift.id]);
    expect(byCode.data[0]).toMatchObject({
      code: gift.code,
      status: 'active',
      buyer_email: buyer.email,
      paid: (await tariffId(kit, 'gift-3m-1c')).price,
    });
    expect(byCode.data[0]?.order_id).toEqual(expect.any(Number));

    const byEmail = await list(admin, `q=${encodeURIComponent(buyer.email)}`);
    expect(byEmail.data.map((c) => c.id)).toEqual([gift.id]);

    const active = await list(admin, 'status=active&per_page=100');
    expect(active.data.map((c) => c.id)).toContain(gift.id);
    expect(
      (await list(admin, 'status=activated&per_page=100')).data.map((c) => c.id),
    ).not.toContain(gift.id);

    const one = await call('GET', `/api/admin/gift-certificates/${gift.id}`, admin);
    expect(one.json<{ data: Certificate }>().data).toMatchObject({ id: gift.id, code: gift.code });
  });

  it('shows support the first group of a code only, and finds by a whole code, never by a piece', async () => {
    const support = await staff('support');
    const gift = await buyGift(await newParent(kit));
    const whole = await list(support, `q=${encodeURIComponent(gift.code)}`);
    expect(whole.data.map((c) => c.id)).toEqual([gift.id]);
    expect(whole.data[0]?.code).toBe(`${gift.code.slice(0, 4)}-••••-••••`);
    expect(JSON.stringify(whole)).not.toContain(gift.code);
    const piece = await list(support, `q=${encodeURIComponent(gift.code.slice(0, 9))}`);
    expect(piece.data.map((c) => c.id)).not.toContain(gift.id);
    const shown = await call('GET', `/api/admin/gift-certificates/${gift.id}`, support);
    expect(shown.body).not.toContain(gift.code);

    expect(
      (await call('GET', '/api/admin/gift-certificates', await staff('editor'))).statusCode,
    ).toBe(403);
    const cancel = await call('POST', `/api/admin/gift-certificates/${gift.id}/cancel`, support, {
      reason: 'Оспоренный платёж',
    });
    expect(cancel.statusCode).toBe(403);
    const [row] = await kit.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.id, gift.id));
    expect(row?.cancelledAt).toBeNull();
  });

  it('cancels an unused certificate: the code stops working and the buyer no longer sees it', async () => {
    const admin = await staff('admin');
    const buyer = await newParent(kit);
    const gift = await buyGift(buyer);

    const noReason = await call('POST', `/api/admin/gift-certificates/${gift.id}/cancel`, admin, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason?.[0]).toMatch(
      /почему сертификат отменяется/,
    );

    const res = await call('POST', `/api/admin/gift-certificates/${gift.id}/cancel`, admin, {
      reason: 'Владелец карты оспорил платёж',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Certificate }>().data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Владелец карты оспорил платёж',
      cancelled_by: expect.stringMatching(/^admin-[0-9a-f]{8}@example\.ru$/),
    });

    const recipient = await newParent(kit);
    const refused = await activate(recipient, gift.code);
    expect(refused.statusCode).toBe(422);
    const periods = await kit.database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, recipient.id));
    expect(periods).toEqual([]);
    const mine = await kit.app.inject({ url: '/api/store/gift', headers: bearer(buyer.token) });
    expect(mine.json<{ data: { id: number }[] }>().data.map((g) => g.id)).not.toContain(gift.id);

    const twice = await call('POST', `/api/admin/gift-certificates/${gift.id}/cancel`, admin, {
      reason: 'Ещё раз',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe('Сертификат уже отменён');
    expect((await list(admin, 'status=cancelled&per_page=100')).data.map((c) => c.id)).toContain(
      gift.id,
    );
    const audit = await kit.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.resource, 'gift-certificates'));
    expect(audit.filter((a) => a.recordId === String(gift.id))).toHaveLength(1);
  });

  it('never cancels an activated or an expired certificate', async () => {
    const admin = await staff('admin');
    const used = await buyGift(await newParent(kit));
    const recipient = await newParent(kit);
    expect((await activate(recipient, used.code)).statusCode).toBe(201);
    const activated = await call('POST', `/api/admin/gift-certificates/${used.id}/cancel`, admin, {
      reason: 'Ошибка',
    });
    expect(activated.statusCode).toBe(409);
    expect(activated.json<{ message: string }>().message).toMatch(/уже активирован/);
    expect((await list(admin, 'status=activated&per_page=100')).data.map((c) => c.id)).toContain(
      used.id,
    );

    const old = await buyGift(await newParent(kit));
    await kit.database.db
      .update(giftCertificates)
      .set({ expiresAt: new Date(kit.time.clock().getTime() - 1000) })
      .where(eq(giftCertificates.id, old.id));
    const expired = await call('POST', `/api/admin/gift-certificates/${old.id}/cancel`, admin, {
      reason: 'Ошибка',
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ message: string }>().message).toMatch(/закончился/);
    expect((await list(admin, 'status=expired&per_page=100')).data.map((c) => c.id)).toContain(
      old.id,
    );
    const [row] = await kit.database.db
      .select()
      .from(giftCertificates)
      .where(eq(giftCertificates.id, old.id));
    expect(row?.cancelledAt).toBeNull();
    expect(
      (
        await call('POST', '/api/admin/gift-certificates/999999/cancel', admin, {
          reason: 'Нет такого',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('one of a cancel and an activation at the same moment wins, never both', async () => {
    const admin = await staff('admin');
    for (let round = 0; round < 3; round += 1) {
      const gift = await buyGift(await newParent(kit));
      const recipient = await newParent(kit);
      const [cancel, activation] = await Promise.all([
        call('POST', `/api/admin/gift-certificates/${gift.id}/cancel`, admin, { reason: 'Гонка' }),
        activate(recipient, gift.code),
      ]);
      const [row] = await kit.database.db
        .select()
        .from(giftCertificates)
        .where(eq(giftCertificates.id, gift.id));
      const cancelled = cancel.statusCode === 200;
      const activated = activation.statusCode === 201;
      expect(cancelled !== activated, `${cancel.body} / ${activation.body}`).toBe(true);
      expect(row?.cancelledAt !== null).toBe(cancelled);
      expect(row?.activatedAt !== null).toBe(activated);
    }
  });
});
