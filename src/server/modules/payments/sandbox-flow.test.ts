// The whole payment as the demo runs it: our API registers the order at the sandbox gateway over HTTP,
// the payer fills the sandbox's card page, the gateway redirects back and calls our callback — and the
// purchase is delivered, with no fake of our own code anywhere on the way.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  familySubscriptions,
  giftCertificates,
  paymentOrders,
  tariffs,
  users,
} from '../../db/schema/index';
import { seedDatabase } from '../../db/seed/seed';
import { defaultSeedContent } from '../../db/seed/default-content';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { bearer } from '../../testing/accounts';
import { createSession } from '../auth/service';
import { consentForm, listeningApp, type ListeningApp } from '../../testing/oauth-browser';

let database: TestDatabase;
let server: ListeningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await listeningApp({
    db: database.db,
    sberbankSandbox: { callbacks: { attempts: 2, retryDelayMs: 50 } },
  });
  await seedDatabase({ db: database.db, config: server.config, content: defaultSeedContent });
});
afterAll(async () => {
  await server.app.close();
  await database.close();
});

let serial = 0;
async function parent() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `sandbox-payer-${(serial += 1)}@example.ru`, name: 'Анна' })
    .returning();
  if (!user) throw new Error('insert failed');
  return {
    id: user.id,
    token: await createSession({ db: database.db, clock: () => new Date(), userId: user.id }),
  };
}

async function api(token: string, path: string, payload: unknown) {
  const res = await fetch(`${server.base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

async function tariff(code: string) {
  const [row] = await database.db.select().from(tariffs).where(eq(tariffs.code, code));
  if (!row) throw new Error(`no tariff ${code}`);
  return row;
}

/** The payer on the bank's page: opens it, types the card, presses «Оплатить». */
async function payOnPage(formUrl: string, pan: string): Promise<URL> {
  const page = await fetch(formUrl);
  expect(page.status).toBe(200);
  const { action, fields } = consentForm(await page.text());
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...fields,
      pan,
      expiry: '12/30',
      cvc: '123',
      cardholder: 'ANNA IVANOVA',
      action: 'pay',
    }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 60; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe('paying on the sandbox gateway', () => {
  it('delivers a subscription by the callback alone, before the parent is even back', async () => {
    const payer = await parent();
    const six = await tariff('subscription-6m-2c');
    const purchase = await api(payer.token, 'store/purchase-initialization', { ids: [six.id] });
    const order = await api(payer.token, 'payments/sberbank/register/subscription-order', {
      purchase_id: purchase.body.data.purchase_id,
      recurrent: true,
    });
    expect(order.status).toBe(200);
    const formUrl = String(order.body.data.form_url);
    expect(formUrl.startsWith(`${server.base}/sandbox/sberbank/`)).toBe(true);

    const back = await payOnPage(formUrl, '5555 5555 5555 5599');
    expect(`${back.origin}${back.pathname}`).toBe(`${server.base}/successful-payment`);
    expect(back.searchParams.get('orderId')).toBe(order.body.data.order_id);

    const periods = await eventually(
      () =>
        database.db
          .select()
          .from(familySubscriptions)
          .where(eq(familySubscriptions.userId, payer.id)),
      (rows) => rows.length > 0,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ source: 'purchase', amountChildren: 2 });
    const state = await api(payer.token, 'payments/sberbank/get-order-state', {
      order_id: order.body.data.order_id,
    });
    expect(state.body.data).toMatchObject({ status: 'paid', total: six.price });
    const cards = await fetch(`${server.base}/api/store/payments`, {
      headers: bearer(payer.token),
    });
    expect(((await cards.json()) as { data: { masked_pan: string }[] }).data[0]?.masked_pan).toBe(
      '555555**5599',
    );
  });

  it('sends a declined card to the fail page and delivers nothing', async () => {
    const payer = await parent();
    const month = await tariff('subscription-1m-1c');
    const purchase = await api(payer.token, 'store/purchase-initialization', { ids: [month.id] });
    const order = await api(payer.token, 'payments/sberbank/register/subscription-order', {
      purchase_id: purchase.body.data.purchase_id,
    });
    const back = await payOnPage(String(order.body.data.form_url), '4000 0000 0000 0002');
    expect(back.pathname).toBe('/fail-payment');
    const state = await api(payer.token, 'payments/sberbank/get-order-state', {
      order_id: back.searchParams.get('orderId'),
    });
    expect(state.body.data.status).toBe('failed');
    expect(String(state.body.data.reason)).not.toBe('');
    const periods = await database.db
      .select()
      .from(familySubscriptions)
      .where(eq(familySubscriptions.userId, payer.id));
    expect(periods).toEqual([]);
  });

  it('turns a paid gift into a certificate', async () => {
    const payer = await parent();
    const gift = await tariff('gift-3m-1c');
    const purchase = await api(payer.token, 'store/purchase-initialization', {
      ids: [gift.id],
      type: 'gift',
    });
    const order = await api(payer.token, 'payments/sberbank/register/gift-order', {
      purchase_id: purchase.body.data.purchase_id,
    });
    await payOnPage(String(order.body.data.form_url), '2200 0000 0000 0053');
    const [certificate] = await eventually(
      () =>
        database.db.select().from(giftCertificates).where(eq(giftCertificates.buyerId, payer.id)),
      (rows) => rows.length > 0,
    );
    expect(certificate?.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const [row] = await database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.gatewayOrderId, String(order.body.data.order_id)));
    expect(row?.state).toBe('paid');
  });
});
