// Test kit: the demo's sandbox bank (/sandbox/sberbank) on a real listening app, driven by the production
// client over HTTP while a plain fetch plays the payer on the hosted payment and 3-D Secure pages. The
// sandbox tests are split by topic and all need the same app, client, captured callbacks and payer steps.
import { afterAll, beforeAll, expect, vi } from 'vitest';
import {
  createSberbankClient,
  type RegisterOrderInput,
  type SberbankClient,
} from '../integrations/sberbank/client';
import { manualClock } from './fixtures';
import { consentForm, listeningApp, type ListeningApp } from './oauth-browser';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The sandbox's test cards (see the hosted page's list). */
export const CARD = {
  success: '5555 5555 5555 5599',
  mir: '2200 0000 0000 0053',
  threeDs: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  timeout: '4000 0000 0000 0119',
};

export interface CardEntry {
  pan?: string;
  expiry?: string;
  cvc?: string;
  cardholder?: string;
  action?: 'pay' | 'cancel';
}

export interface SandboxBank {
  /** Set by the kit's beforeAll: read them inside hooks and tests, not at the top of a file. */
  readonly database: TestDatabase;
  readonly server: ListeningApp;
  readonly client: SberbankClient;
  time: ReturnType<typeof manualClock>;
  /** Every callback URL the sandbox delivered, in order. */
  delivered: string[];
  nextNumber(): string;
  returnUrl(): string;
  failUrl(): string;
  registerOrder(
    extra?: Partial<RegisterOrderInput>,
  ): Promise<Awaited<ReturnType<SberbankClient['register']>> & { orderNumber: string }>;
  /** A REST method called by hand, for fields the client does not read. */
  rest(
    method: string,
    params: Record<string, string>,
    init?: RequestInit,
  ): Promise<Record<string, unknown>>;
  openPage(url: string): Promise<{ res: Response; html: string }>;
  /** Opens the payment page, fills the form and presses a button, as a payer would. */
  submitCard(formUrl: string, entry: CardEntry): Promise<PageAnswer>;
  /** The card form's POST without opening the page first (a second tab, a stale page). */
  postCard(action: string, fields: Record<string, string>, entry: CardEntry): Promise<PageAnswer>;
  enterCode(acsUrl: string, code: string): Promise<PageAnswer>;
  /** The callbacks of one order so far, as parameter records. */
  callbacksOf(orderId: string): Record<string, string>[];
  waitForCallbacks(orderId: string, count: number): Promise<Record<string, string>[]>;
}

export interface PageAnswer {
  res: Response;
  location: string;
  html: string;
}

/** Registers beforeAll/afterAll for a fresh database and listening app; call at the top of a test file. */
export function useSandboxBank(): SandboxBank {
  let database: TestDatabase | undefined;
  let server: ListeningApp | undefined;
  let client: SberbankClient | undefined;
  const time = manualClock();
  const delivered: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await listeningApp({
      db: database.db,
      clock: time.clock,
      sberbankSandbox: {
        callbacks: {
          deliver: async (url) => {
            delivered.push(url);
            return true;
          },
        },
      },
    });
    client = createSberbankClient({
      apiUrl: server.config.sberbank.apiUrl,
      username: server.config.sberbank.username,
      password: server.config.sberbank.password,
    });
  });

  afterAll(async () => {
    await server?.app.close();
    await database?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the sandbox bank starts in beforeAll');
    return value;
  };

  let counter = 0;
  const nextNumber = () => `test-${Date.now()}-${(counter += 1)}`;
  const returnUrl = () => `${started(server).base}/payment/success?from=sber`;
  const failUrl = () => `${started(server).base}/payment/fail`;

  async function openPage(url: string) {
    const res = await fetch(url, { redirect: 'manual' });
    return { res, html: await res.text() };
  }

  async function postForm(action: string, form: Record<string, string>): Promise<PageAnswer> {
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { res, location: res.headers.get('location') ?? '', html: await res.text() };
  }

  function postCard(action: string, fields: Record<string, string>, entry: CardEntry) {
    return postForm(action, {
      ...fields,
      pan: entry.pan ?? '',
      expiry: entry.expiry ?? '12/30',
      cvc: entry.cvc ?? '123',
      cardholder: entry.cardholder ?? 'IVAN TESTOV',
      action: entry.action ?? 'pay',
    });
  }

  function callbacksOf(orderId: string): Record<string, string>[] {
    return delivered
      .map((url) => new URL(url))
      .filter((url) => url.searchParams.get('mdOrder') === orderId)
      .map((url) => Object.fromEntries(url.searchParams));
  }

  return {
    get database() {
      return started(database);
    },
    get server() {
      return started(server);
    },
    get client() {
      return started(client);
    },
    time,
    delivered,
    nextNumber,
    returnUrl,
    failUrl,
    async registerOrder(extra = {}) {
      const orderNumber = extra.orderNumber ?? nextNumber();
      const order = await started(client).register({
        orderNumber,
        amount: 199_000,
        returnUrl: returnUrl(),
        failUrl: failUrl(),
        description: 'Подписка «Основная программа» на месяц',
        ...extra,
      });
      return { ...order, orderNumber };
    },
    async rest(method, params, init = {}) {
      const { config } = started(server);
      const res = await fetch(`${config.sberbank.apiUrl}${method}.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          userName: config.sberbank.username,
          password: config.sberbank.password,
          ...params,
        }).toString(),
        ...init,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    },
    openPage,
    async submitCard(formUrl, entry) {
      const page = await openPage(formUrl);
      expect(page.res.status, page.html).toBe(200);
      const { action, fields } = consentForm(page.html);
      return postCard(action, fields, entry);
    },
    postCard,
    async enterCode(acsUrl, code) {
      const page = await openPage(acsUrl);
      expect(page.res.status, page.html).toBe(200);
      const { action, fields } = consentForm(page.html);
      return postForm(action, { ...fields, code, action: 'confirm' });
    },
    callbacksOf,
    async waitForCallbacks(orderId, count) {
      await vi.waitFor(() => expect(callbacksOf(orderId)).toHaveLength(count), { timeout: 2_000 });
      return callbacksOf(orderId);
    },
  };
}
