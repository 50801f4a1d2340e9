// Test kit of the payment tests: the app with the bank at a fake gateway, parents, catalogue ids, and the
// calls a browser makes.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import {
  additionalProgramOffers,
  children,
  familySubscriptions,
  jobs,
  paymentOrders,
  tariffs,
  users,
} from '../db/schema/index';
import { seedDatabase } from '../db/seed/seed';
import { defaultSeedContent } from '../db/seed/default-content';
import { callbackChecksum } from '../integrations/sberbank/checksum';
import { startFakeSberbank, type FakeSberbank } from './fake-sberbank';
import { manualClock } from './fixtures';
import { createTestApp, testConfig } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import { bearer } from './accounts';
import { createSession } from '../modules/auth/service';

export interface PaymentsKit {
  database: TestDatabase;
  app: FastifyInstance;
  bank: FakeSberbank;
  config: Config;
  time: ReturnType<typeof manualClock>;
  close(): Promise<void>;
}

/** How long the app waits for the fake bank: long enough for fifty calls at once on a busy machine. */
export const KIT_BANK_TIMEOUT_MS = 5_000;

export async function startPaymentsKit(
  env: Record<string, string> = {},
  { bankTimeoutMs = KIT_BANK_TIMEOUT_MS }: { bankTimeoutMs?: number } = {},
): Promise<PaymentsKit> {
  const database = await createTestDatabase();
  const bank = await startFakeSberbank();
  const base = testConfig({ SBERBANK_API_URL: bank.apiUrl, ...env });
  const config: Config = { ...base, sberbank: { ...base.sberbank, timeoutMs: bankTimeoutMs } };
  await seedDatabase({ db: database.db, config, content: defaultSeedContent });
  const time = manualClock('2026-11-24T09:00:00Z');
  const app = await createTestApp({ db: database.db, config, clock: time.clock });
  return {
    database,
    app,
    bank,
    config,
    time,
    async close() {
      await app.close();
      await bank.close();
      await database.close();
    },
  };
}

let serial = 0;
export async function newParent(kit: PaymentsKit, name = 'Анна') {
  const [user] = await kit.database.db
    .insert(users)
    .values({ email: `payer-${(serial += 1)}-${Date.now()}@example.ru`, name })
    .returning();
  if (!user) throw new Error('insert failed');
  return {
    id: user.id,
    email: user.email,
    token: await createSession({ db: kit.database.db, clock: kit.time.clock, userId: user.id }),
  };
}
export type Parent = Awaited<ReturnType<typeof newParent>>;

export async function addChild(kit: PaymentsKit, parent: Parent, name = 'Маша') {
  const [child] = await kit.database.db
    .insert(children)
    .values({ userId: parent.id, name, birthDate: '2021-05-01', ageGroup: 'four-five' })
    .returning();
  if (!child) throw new Error('insert failed');
  return child.id;
}

export async function tariffId(
  kit: PaymentsKit,
  code: string,
): Promise<{ id: number; price: number; duration: number; amountChildren: number }> {
  const [row] = await kit.database.db.select().from(tariffs).where(eq(tariffs.code, code));
  if (!row) throw new Error(`no tariff ${code}`);
  return row;
}

export async function offerFor(kit: PaymentsKit, amountChildren: number) {
  const rows = await kit.database.db
    .select()
    .from(additionalProgramOffers)
    .where(and(eq(additionalProgramOffers.amountChildren, amountChildren)));
  const offer = rows[0];
  if (!offer) throw new Error('no offer');
  return offer;
}

export function post(kit: PaymentsKit, url: string, token: string | null, payload: unknown) {
  return kit.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
  });
}

export async function initialize(
  kit: PaymentsKit,
  parent: Parent,
  type: string,
  ids: number[],
): Promise<number> {
  const res = await post(kit, '/api/store/purchase-initialization', parent.token, { type, ids });
  if (res.statusCode !== 200) throw new Error(`initialization: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { purchase_id: number } }).data.purchase_id;
}

export async function register(
  kit: PaymentsKit,
  parent: Parent,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ order_id: string; order_number: string; form_url: string; amount: number }> {
  const res = await post(kit, `/api/payments/sberbank/${path}`, parent.token, payload);
  if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return (
    res.json() as {
      data: { order_id: string; order_number: string; form_url: string; amount: number };
    }
  ).data;
}

export async function orderState(kit: PaymentsKit, parent: Parent, orderId: string) {
  return post(kit, '/api/payments/sberbank/get-order-state', parent.token, { order_id: orderId });
}

/** The bank's callback for an order, signed with the configured key (or tampered). */
export function callback(
  kit: PaymentsKit,
  orderId: string,
  operation = 'deposited',
  status = '1',
  tamper = false,
) {
  const order = kit.bank.orders.get(orderId);
  const params: Record<string, string> = {
    mdOrder: orderId,
    orderNumber: order?.orderNumber ?? '',
    operation,
    status,
  };
  const checksum = callbackChecksum(
    tamper ? { ...params, status: status === '1' ? '0' : '1' } : params,
    kit.config.sberbank.callbackKey,
  );
  return kit.app.inject({
    url: `/api/payments/sberbank/callback?${new URLSearchParams({ ...params, checksum }).toString()}`,
  });
}

/** A paid order of the parent, bought the way a browser does: the gateway's id and ours. */
export async function buy(
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
  if (state.json().data.status !== 'paid') throw new Error(`not paid: ${state.body}`);
  const [row] = await on.database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.gatewayOrderId, order.order_id));
  if (!row) throw new Error('no order');
  return { gatewayId: order.order_id, id: row.id, amount: row.amount, purchaseId };
}

/** The mails queued to an address with a template (the queue, before any delivery). */
export async function mailsTo(on: PaymentsKit, email: string, template: string) {
  const rows = await on.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
  return rows.filter((row) => row.payload.to === email && row.payload.template === template);
}

/** Rows read straight from the database; `current` gives the file's kit, the default for `on`. */
export function paymentRows(current: () => PaymentsKit) {
  return {
    periodsOf: (userId: number, on: PaymentsKit = current()) =>
      on.database.db
        .select()
        .from(familySubscriptions)
        .where(eq(familySubscriptions.userId, userId)),
    async orderRow(orderId: string, on: PaymentsKit = current()) {
      const [row] = await on.database.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.gatewayOrderId, orderId));
      return row;
    },
  };
}
