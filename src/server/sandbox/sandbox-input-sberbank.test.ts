import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/runner';
import { queueMail } from '../integrations/mail/queue';
import { createTestApp, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let app: FastifyInstance;
const PUBLIC_URL = 'https://umnyashki.example';
const config = testConfig({ PUBLIC_URL });
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ db: database.db, config });
  await queueMail(database.db, {
    template: 'confirmation',
    to: 'mama@example.ru',
    data: { name: 'Анна', url: `${PUBLIC_URL}/confirmed?verified_token=tok` },
  });
  await runDueJobs({ db: database.db, config });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (options: InjectOptions) => app.inject(options);

describe('the Sberbank sandbox', () => {
  const credentials = {
    userName: config.sberbank.username,
    password: config.sberbank.password,
  };
  const methods = [
    'register',
    'getOrderStatusExtended',
    'reverse',
    'refund',
    'getBindings',
    'unBindCard',
    'paymentOrderBinding',
  ];
  const restUrl = (method: string) => `/sandbox/sberbank/payment/rest/${method}.do`;

  /** A 4xx, or a 200 carrying the gateway's own business error: never a 500, never a success. */
  function expectRefused(res: { statusCode: number; body: string }, label: string) {
    expect(res.statusCode, label).toBeLessThan(500);
    if (res.statusCode === 200) {
      const body = JSON.parse(res.body) as { errorCode?: string };
      expect(body.errorCode, label).toMatch(/^[1-9]$/);
    }
  }

  it('answers every method without credentials with errorCode 5', async () => {
    for (const method of methods) {
      for (const options of [
        { method: 'POST' as const, payload: 'orderId=x', headers: form },
        { method: 'GET' as const, payload: undefined, headers: {} },
      ]) {
        const res = await call({ url: restUrl(method), ...options });
        expect(res.statusCode, method).toBe(200);
        expect(res.json(), method).toEqual({ errorCode: '5', errorMessage: 'Доступ запрещён' });
      }
    }
  });

  it('answers odd parameters of every method with a business error or a 4xx', async () => {
    const odd: Record<string, unknown>[] = [
      {},
      { orderId: 5, orderNumber: ['a'], amount: {}, bindingId: null, clientId: true },
      { orderId: 'x'.repeat(5000), orderNumber: 'y'.repeat(5000), clientId: 'z'.repeat(5000) },
      { orderNumber: 'n-1', amount: '1e9', returnUrl: 'http://[::1', currency: '643' },
      { orderNumber: 'n-2', amount: '100', returnUrl: 'https://a.ru', orderBundle: '{"x":' },
      {
        orderNumber: 'n-3',
        amount: '100',
        returnUrl: 'https://a.ru',
        orderBundle: JSON.stringify({ cartItems: { items: [null, 5, { quantity: [] }] } }),
      },
      { orderNumber: 'n-4', amount: '100', returnUrl: 'https://a.ru', jsonParams: '{"a":{}}' },
      { orderNumber: 'n-5', amount: '100', returnUrl: 'https://a.ru', sessionTimeoutSecs: '-1' },
      { orderNumber: 'n-6', amount: '100', returnUrl: 'https://a.ru', features: 'a;<b>' },
      { orderNumber: 'n-7', amount: '100', returnUrl: 'https://a.ru', bindingId: 'nope' },
      { orderId: 'not-a-uuid', amount: '-1', mdOrder: 'x', ip: '1.2.3.4', bindingId: 'b' },
    ];
    for (const method of methods) {
      for (const params of odd) {
        const label = `${method} ${JSON.stringify(params).slice(0, 60)}`;
        const json = await call({
          method: 'POST',
          url: restUrl(method),
          payload: { ...credentials, ...params },
        });
        expectRefused(json, `${label} json`);
        const strings = Object.fromEntries(
          Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        const formed = await call({
          method: 'POST',
          url: restUrl(method),
          headers: form,
          payload: new URLSearchParams({ ...credentials, ...strings }).toString(),
        });
        expectRefused(formed, `${label} form`);
      }
    }
  });

  it('refuses odd bodies, repeated fields, NUL and unknown methods without a 500', async () => {
    const bodies: InjectOptions[] = [
      { payload: '[1,2]', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: '{"userName":', headers: { 'content-type': 'application/json' } },
      { payload: 'just text', headers: { 'content-type': 'text/plain' } },
      { payload: `userName=a&userName=b&password=c`, headers: form },
      { payload: `orderId=${'a'.repeat(70_000)}`, headers: form },
      { payload: `orderId=%00`, headers: form },
    ];
    for (const method of methods) {
      for (const body of bodies) {
        const res = await call({ method: 'POST', url: restUrl(method), ...body });
        expectRefused(res, `${method} ${String(body.payload).slice(0, 40)}`);
      }
    }
    const nul = await call({ url: `${restUrl('getOrderStatusExtended')}?orderId=%00` });
    expect(nul.statusCode).toBe(422);
    const repeated = await call({
      url: `${restUrl('getOrderStatusExtended')}?userName=a&userName=b`,
    });
    expect(repeated.json()).toMatchObject({ errorCode: '5' });
    expect((await call({ url: restUrl('deposit') })).statusCode).toBe(404);
  });

  it('answers odd input to the payment and 3-D Secure pages with a page, never a 500', async () => {
    const page = '/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html';
    const acs = '/sandbox/sberbank/acs';
    const cases: InjectOptions[] = [];
    for (const url of [page, acs]) {
      cases.push(
        { url },
        { url: `${url}?mdOrder=a&mdOrder=b` },
        { url: `${url}?mdOrder=${'x'.repeat(3000)}` },
        { url: `${url}?mdOrder=%00` },
        { method: 'POST', url, payload: { mdOrder: ['a'], pan: 5 } },
        { method: 'POST', url, payload: 'mdOrder=a&mdOrder=b', headers: form },
        { method: 'POST', url, payload: '5', headers: { 'content-type': 'application/json' } },
        { method: 'POST', url, payload: 'x', headers: { 'content-type': 'text/plain' } },
        { method: 'POST', url, payload: `mdOrder=${'y'.repeat(100)}&code=1`, headers: form },
      );
    }
    for (const options of cases) {
      const res = await call(options);
      const label = `${options.method ?? 'GET'} ${String(options.url).slice(0, 80)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
    }
  });

  it('keeps the card form to test cards whatever is posted', async () => {
    const registered = await call({
      method: 'POST',
      url: restUrl('register'),
      headers: form,
      payload: new URLSearchParams({
        ...credentials,
        orderNumber: 'input-1',
        amount: '100',
        returnUrl: `${PUBLIC_URL}/done`,
      }).toString(),
    });
    const { orderId } = registered.json() as { orderId: string };
    const url = '/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html';
    for (const payload of [
      { mdOrder: orderId, pan: ['5555555555555599'], expiry: '12/30', cvc: '123' },
      { mdOrder: orderId, pan: '5555555555555599', expiry: { m: 12 }, cvc: 123 },
      { mdOrder: orderId, pan: '5'.repeat(5000), expiry: '99/99', cvc: '123' },
      {
        mdOrder: orderId,
        pan: '5555555555555599',
        expiry: '12/30',
        cvc: '123',
        cardholder: '<script>',
      },
    ]) {
      const res = await call({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(res.body).toContain('class="error"');
    }
    const status = await call({
      method: 'POST',
      url: restUrl('getOrderStatusExtended'),
      payload: { ...credentials, orderId },
    });
    expect(status.json()).toMatchObject({ orderStatus: 0 });
  });
});
