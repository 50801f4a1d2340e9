// Invite a friend through the real app (docs/PRODUCT.md «Invite a friend»): registration by the link, the
// longer trial, the inviter's days on the invited family's first payment (paid at the fake bank over
// HTTP), kept days, refunds inside and outside the window, the same person on both sides, and the limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Referral } from '@contract/api/referrals';
import {
  familySubscriptions,
  paymentOrders,
  referralRewards,
  tariffs,
  userDevices,
  users,
} from '../../db/schema/index';
import { sweepExpired } from '../auth/service';
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
import { refund, staff } from '../../testing/admin-refunds';
import { mailbox } from './same-person';
import { maskEmail } from './service';

const DAY = 24 * 3_600_000;

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}
let kit: PaymentsKit;
let serial = 0;
let card = 1000;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await kit.close();
});

async function referralOf(parent: Parent): Promise<Referral> {
  const res = await kit.app.inject({ url: '/api/profile/referral', headers: bearer(parent.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Referral }>().data;
}

/** A family registering (through the link when `code` is given), from its own browser unless told. */
async function registerBy(code: string | null, options: { email?: string; browser?: string } = {}) {
  serial += 1;
  const email = options.email ?? `friend-${serial}@example.ru`;
  const res = await kit.app.inject({
    method: 'POST',
    url: code === null ? '/api/auth/register' : `/api/auth/register?ref=${code}`,
    payload: { email, password: 'пароль-друга-1', name: 'Ольга', consent_personal_data: true },
    remoteAddress: `198.18.7.${serial % 250}`,
    ...(options.browser ? { cookies: { browser: options.browser } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const browser = res.cookies.find((c) => c.name === 'browser')?.value;
  if (!browser) throw new Error('no browser cookie given');
  const token = res.json<{ data: { token: string } }>().data.token;
  const me = await kit.app.inject({ url: '/api/profile/show', headers: bearer(token) });
  return { id: me.json<{ data: { id: number } }>().data.id, email, token, browser };
}

/** A paid subscription order, paid with a card of its own unless `maskedPan` is given. */
async function pay(parent: Parent, code = 'subscription-1m-1c', maskedPan?: string) {
  const tariff = await tariffId(kit, code);
  const purchaseId = await initialize(kit, parent, 'subscription', [tariff.id]);
  const order = await register(kit, parent, 'register/subscription-order', {
    purchase_id: purchaseId,
  });
  card += 1;
  kit.bank.pay(order.order_id, { maskedPan: maskedPan ?? `220000**${card}` });
  const state = await orderState(kit, parent, order.order_id);
  expect(state.json().data.status).toBe('paid');
  return { orderId: order.order_id, purchaseId, amount: order.amount };
}

async function periods(userId: number) {
  return kit.database.db
    .select()
    .from(familySubscriptions)
    .where(eq(familySubscriptions.userId, userId))
    .orderBy(familySubscriptions.startsAt);
}

async function trial(parent: Parent) {
  const [free] = await kit.database.db.select().from(tariffs).where(eq(tariffs.isFree, true));
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/store/subscription/activate',
    headers: bearer(parent.token),
    payload: { subscription_id: free?.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json<{ data: { starts_at: string; ends_at: string } }>().data;
  return (Date.parse(data.ends_at) - Date.parse(data.starts_at)) / DAY;
}

describe('a parent’s link', () => {
  it('is made once and stays the same, the landing with ?ref=', async () => {
    const parent = await newParent(kit);
    const first = await referralOf(parent);
    expect(first.code).toMatch(/^[a-z2-9]{8}$/);
    expect(first.link).toBe(`${kit.config.publicUrl}/?ref=${first.code}`);
    expect(await referralOf(parent)).toEqual(first);
    expect(first).toMatchObject({
      trial_days: 14,
      reward_days: 30,
      max_per_year: 12,
      counts: { registered: 0, paid: 0, days: 0 },
      invited: [],
    });
  });

  it('answers 401 to a guest', async () => {
    const res = await kit.app.inject({ url: '/api/profile/referral' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a friend invited', () => {
  it('gets 14 days of trial; their first payment adds 30 days after the inviter’s paid time', async () => {
    const inviter = await newParent(kit);
    await pay(inviter);
    const [own] = await periods(inviter.id);
    const { code } = await referralOf(inviter);

    const friend = await registerBy(code.toUpperCase());
    expect(await trial(friend)).toBe(14);
    expect((await referralOf(inviter)).invited).toEqual([
      {
        email: maskEmail(friend.email),
        registered_at: expect.any(String),
        state: 'registered',
        days: 0,
      },
    ]);

    await pay(friend);
    const after = await periods(inviter.id);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ source: 'referral', startsAt: own?.endsAt });
    expect(must(after[1]).endsAt.getTime() - must(own).endsAt.getTime()).toBe(30 * DAY);
    const shown = await referralOf(inviter);
    expect(shown.counts).toEqual({ registered: 1, paid: 1, days: 30 });
    expect(shown.invited[0]).toMatchObject({ state: 'granted', days: 30 });

    // Once per family: its next order gives nothing more.
    await pay(friend, 'subscription-3m-1c');
    expect(await periods(inviter.id)).toHaveLength(2);
  });

  it('keeps the days for an inviter with no paid time, and adds them after its next period', async () => {
    const inviter = await newParent(kit);
    const { code } = await referralOf(inviter);
    const friend = await registerBy(code);
    await pay(friend);
    expect(await periods(inviter.id)).toEqual([]);
    expect((await referralOf(inviter)).invited[0]).toMatchObject({ state: 'kept', days: 30 });

    kit.time.advance(2 * DAY);
    await pay(inviter);
    const [bought, bonus] = await periods(inviter.id);
    expect(bonus).toMatchObject({ source: 'referral', startsAt: bought?.endsAt });
    expect(must(bonus).endsAt.getTime() - must(bought).endsAt.getTime()).toBe(30 * DAY);
    expect((await referralOf(inviter)).invited[0]).toMatchObject({ state: 'granted' });
  });

  it('is taken back when the first order is refunded within 14 days, and kept after', async () => {
    const inviter = await newParent(kit);
    await pay(inviter);
    const { code } = await referralOf(inviter);
    const early = await registerBy(code);
    const late = await registerBy(code);
    const earlyOrder = await pay(early);
    const lateOrder = await pay(late);
    expect(await periods(inviter.id)).toHaveLength(3);
    const orderId = async (gatewayId: string) => {
      const [row] = await kit.database.db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.gatewayOrderId, gatewayId));
      return must(row).id;
    };

    kit.time.advance(3 * DAY);
    const taken = await refund(kit, await staff(kit, 'admin'), await orderId(earlyOrder.orderId));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(JSON.stringify(taken.json())).toContain('Награда пригласившему за эту семью');
    const [, first, second] = await periods(inviter.id);
    // The first bonus had not begun: it is dropped and the second moves into its place.
    expect(must(first).endedAt?.getTime()).toBe(must(first).startsAt.getTime());
    expect(must(second).endsAt.getTime() - must(second).startsAt.getTime()).toBe(30 * DAY);
    const shown = await referralOf(inviter);
    expect(shown.counts).toMatchObject({ paid: 2, days: 30 });
    expect(shown.invited.map((i) => i.state).sort()).toEqual(['granted', 'taken_back']);

    kit.time.advance(12 * DAY);
    const kept = await refund(kit, await staff(kit, 'admin'), await orderId(lateOrder.orderId));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(JSON.stringify(kept.json())).toContain('остаётся');
    expect((await referralOf(inviter)).counts.days).toBe(30);
  });
});

describe('inviting oneself', () => {
  it('masks the addresses it lists', () => {
    expect(maskEmail('olga.petrova@yandex.ru')).toBe('ol***@ya***.ru');
    expect(maskEmail('я@почта.рф')).toBe('***@по***.рф');
    expect(maskEmail('ab@ya.ru')).toBe('a***@y***.ru');
    expect(maskEmail('vk-1-abcd@no-email.invalid')).toBe('вход через соцсеть');
  });

  it('folds an address to its mailbox', () => {
    expect(mailbox('Ol.Ga+kids@GoogleMail.com')).toBe('olga@gmail.com');
    expect(mailbox('ol.ga@ya.ru')).toBe('ol-ga@yandex.ru');
    expect(mailbox('ol.ga+1@mail.ru')).toBe('ol.ga@mail.ru');
  });

  it('gives nothing for the same mailbox, the same browser or the same card', async () => {
    const inviter = await registerBy(null);
    await pay(inviter, 'subscription-1m-1c', '555555**7777');
    const { code } = await referralOf(inviter);
    const [name, domain] = inviter.email.split('@');

    const sameBox = await registerBy(code, { email: `${name}+second@${domain}` });
    expect(await trial(sameBox)).toBe(7);
    await pay(sameBox);

    const sameBrowser = await registerBy(code, { browser: inviter.browser });
    expect(sameBrowser.browser).toBe(inviter.browser);
    expect(await trial(sameBrowser)).toBe(7);
    await pay(sameBrowser);

    const sameCard = await registerBy(code);
    expect(await trial(sameCard)).toBe(14);
    await pay(sameCard, 'subscription-1m-1c', '555555**7777');

    const rewards = await kit.database.db
      .select({ invitedId: referralRewards.invitedId, state: referralRewards.state })
      .from(referralRewards)
      .where(eq(referralRewards.inviterId, inviter.id));
    expect(new Set(rewards.map((r) => r.state))).toEqual(new Set(['refused_self']));
    expect(rewards.map((r) => r.invitedId).sort()).toEqual(
      [sameBox.id, sameBrowser.id, sameCard.id].sort(),
    );
    expect(await periods(inviter.id)).toHaveLength(1);
    expect((await referralOf(inviter)).invited.map((i) => i.state)).toEqual([
      'refused_self',
      'refused_self',
      'refused_self',
    ]);
  });

  it('forgets a browser not seen for 400 days', async () => {
    const inviter = await registerBy(null);
    const { db } = kit.database;
    const seen = await db.select().from(userDevices).where(eq(userDevices.userId, inviter.id));
    expect(seen).toHaveLength(1);
    kit.time.advance(401 * DAY);
    await sweepExpired({ db, clock: kit.time.clock });
    expect(await db.select().from(userDevices).where(eq(userDevices.userId, inviter.id))).toEqual(
      [],
    );
  });

  it('still rewards a friend who signs in from another browser', async () => {
    const inviter = await registerBy(null);
    await pay(inviter);
    const friend = await registerBy((await referralOf(inviter)).code);
    expect(friend.browser).not.toBe(inviter.browser);
    await pay(friend);
    expect((await referralOf(inviter)).invited[0]?.state).toBe('granted');
  });
});

describe('limits and races', () => {
  const ROUNDS = process.env.TEST_DATABASE_URL ? 8 : 2;

  it('places a second reward after the first when a prepaid period between them was refunded', async () => {
    const inviter = await newParent(kit);
    await pay(inviter);
    const prepaid = await pay(inviter, 'subscription-12m-1c');
    const { code } = await referralOf(inviter);
    await pay(await registerBy(code));
    const admin = await staff(kit, 'admin');
    const [order] = await kit.database.db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(eq(paymentOrders.gatewayOrderId, prepaid.orderId));
    expect((await refund(kit, admin, must(order).id)).statusCode).toBe(200);
    await pay(await registerBy(code));
    const live = (await periods(inviter.id)).filter(
      (p) => (p.endedAt ?? p.endsAt).getTime() > p.startsAt.getTime(),
    );
    expect(live.map((p) => p.source)).toEqual(['purchase', 'referral', 'referral']);
    for (let i = 1; i < live.length; i += 1) {
      expect(must(live[i]).startsAt.getTime()).toBe(must(live[i - 1]).endsAt.getTime());
    }
  });

  it('keeps one chain when the inviter pays while an invited family pays too', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inviter = await newParent(kit);
      const { code } = await referralOf(inviter);
      await pay(await registerBy(code));
      const friend = await registerBy(code);
      await Promise.all([pay(inviter), pay(friend)]);
      const chain = await periods(inviter.id);
      expect(chain.map((p) => p.source).sort()).toEqual(['purchase', 'referral', 'referral']);
      for (let i = 1; i < chain.length; i += 1) {
        expect(must(chain[i]).startsAt.getTime()).toBe(must(chain[i - 1]).endsAt.getTime());
      }
    }
  });

  it('still counts a family that deleted its account', async () => {
    const inviter = await newParent(kit);
    await pay(inviter);
    const friend = await registerBy((await referralOf(inviter)).code);
    await pay(friend);
    await kit.database.db.delete(users).where(eq(users.id, friend.id));
    const [row] = await kit.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.inviterId, inviter.id));
    expect(row).toMatchObject({ invitedId: null, state: 'granted', days: 30 });
    expect((await referralOf(inviter)).counts).toMatchObject({ registered: 0, paid: 1, days: 30 });
  });

  it('gives at most 12 rewards in 365 days, counting two families paying at once as two', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inviter = await newParent(kit);
      await pay(inviter, 'subscription-12m-1c');
      const { code } = await referralOf(inviter);
      const earlier = [];
      for (let i = 0; i < 11; i += 1) earlier.push(await registerBy(code));
      await kit.database.db.insert(referralRewards).values(
        earlier.map((friend) => ({
          inviterId: inviter.id,
          invitedId: friend.id,
          state: 'granted' as const,
          days: 30,
          createdAt: new Date(kit.time.clock().getTime() - 100 * DAY),
        })),
      );
      const a = await registerBy(code);
      const b = await registerBy(code);
      await Promise.all([pay(a), pay(b)]);
      const states = (await referralOf(inviter)).invited.slice(0, 2).map((i) => i.state);
      expect(states.sort()).toEqual(['granted', 'refused_limit']);
      expect((await periods(inviter.id)).filter((p) => p.source === 'referral')).toHaveLength(1);
    }
  });

  it('rewards one family once when two of its orders are paid at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const inviter = await newParent(kit);
      await pay(inviter);
      const friend = await registerBy((await referralOf(inviter)).code);
      await Promise.all([pay(friend), pay(friend, 'subscription-3m-1c')]);
      const bonus = (await periods(inviter.id)).filter((p) => p.source === 'referral');
      expect(bonus).toHaveLength(1);
      expect((await referralOf(inviter)).counts).toMatchObject({ paid: 1, days: 30 });
    }
  });

  it('counts rewards older than a year no more', async () => {
    const inviter = await newParent(kit);
    await pay(inviter);
    const { code } = await referralOf(inviter);
    const old = [];
    for (let i = 0; i < 12; i += 1) old.push(await registerBy(code));
    await kit.database.db.insert(referralRewards).values(
      old.map((friend) => ({
        inviterId: inviter.id,
        invitedId: friend.id,
        state: 'granted' as const,
        days: 30,
        createdAt: new Date(kit.time.clock().getTime() - 366 * DAY),
      })),
    );
    const friend = await registerBy(code);
    await pay(friend);
    expect((await referralOf(inviter)).invited[0]?.state).toBe('granted');
  });
});
