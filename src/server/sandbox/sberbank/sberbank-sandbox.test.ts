// The sandbox bank end to end over real HTTP: the production client (integrations/sberbank/client.ts) calls
// its REST methods, and a plain fetch plays the payer on the hosted payment and 3-D Secure pages. The
// callbacks the sandbox sends are captured by an injected delivery and checked with the school's checksum.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxGatewayBindings } from '../../db/schema/index';
import { hasValidChecksum } from '../../integrations/sberbank/checksum';
import {
  createSberbankClient,
  SberbankError,
  SberbankUnavailableError,
  type RegisterOrderInput,
  type SberbankClient,
} from '../../integrations/sberbank/client';
import { consentForm, listeningApp, type ListeningApp } from '../../modules/oauth/test-browser';
import { manualClock } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { CALLBACK_PATH, callbackUrl, createNotifier } from './callbacks';

let database: TestDatabase;
let server: ListeningApp;
let client: SberbankClient;
const time = manualClock();
/** Every callback URL the sandbox delivered, in order. */
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
  await server.app.close();
  await database.close();
});

let counter = 0;
const nextNumber = () => `test-${Date.now()}-${(counter += 1)}`;

const returnUrl = () => `${server.base}/payment/success?from=sber`;
const failUrl = () => `${server.base}/payment/fail`;

async function registerOrder(extra: Partial<RegisterOrderInput> = {}) {
  const orderNumber = extra.orderNumber ?? nextNumber();
  const order = await client.register({
    orderNumber,
    amount: 199_000,
    returnUrl: returnUrl(),
    failUrl: failUrl(),
    description: 'Подписка «Основная программа» на месяц',
    ...extra,
  });
  return { ...order, orderNumber };
}

/** A REST method called by hand, for fields the client does not read. */
async function rest(method: string, params: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(`${server.config.sberbank.apiUrl}${method}.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      userName: server.config.sberbank.username,
      password: server.config.sberbank.password,
      ...params,
    }).toString(),
    ...init,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function openPage(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  return { res, html: await res.text() };
}

interface CardEntry {
  pan?: string;
  expiry?: string;
  cvc?: string;
  cardholder?: string;
  action?: 'pay' | 'cancel';
}

/** Opens the payment page, fills the form and presses a button, as a payer would. */
async function submitCard(formUrl: string, entry: CardEntry) {
  const page = await openPage(formUrl);
  expect(page.res.status, page.html).toBe(200);
  const { action, fields } = consentForm(page.html);
  return postCard(action, fields, entry);
}

/** The card form's POST without opening the page first (a second tab, a stale page). */
async function postCard(action: string, fields: Record<string, string>, entry: CardEntry) {
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...fields,
      pan: entry.pan ?? '',
      expiry: entry.expiry ?? '12/30',
      cvc: entry.cvc ?? '123',
      cardholder: entry.cardholder ?? 'IVAN TESTOV',
      action: entry.action ?? 'pay',
    }).toString(),
  });
  return { res, location: res.headers.get('location') ?? '', html: await res.text() };
}

async function enterCode(acsUrl: string, code: string) {
  const page = await openPage(acsUrl);
  expect(page.res.status, page.html).toBe(200);
  const { action, fields } = consentForm(page.html);
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, code, action: 'confirm' }).toString(),
  });
  return { res, location: res.headers.get('location') ?? '', html: await res.text() };
}

/** The callbacks of one order so far, as parameter records. */
function callbacksOf(orderId: string): Record<string, string>[] {
  return delivered
    .map((url) => new URL(url))
    .filter((url) => url.searchParams.get('mdOrder') === orderId)
    .map((url) => Object.fromEntries(url.searchParams));
}

async function waitForCallbacks(orderId: string, count: number) {
  await vi.waitFor(() => expect(callbacksOf(orderId)).toHaveLength(count), { timeout: 2_000 });
  return callbacksOf(orderId);
}

const CARD = {
  success: '5555 5555 5555 5599',
  mir: '2200 0000 0000 0053',
  threeDs: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  timeout: '4000 0000 0000 0119',
};

describe('register and getOrderStatusExtended', () => {
  it('registers an order, unpaid, with a payment page on the sandbox', async () => {
    const order = await registerOrder({ jsonParams: { purchase: '42' } });
    expect(order.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.formUrl).toBe(
      `${server.base}/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html?mdOrder=${order.orderId}`,
    );
    expect(await client.orderStatus(order.orderId)).toEqual({
      orderNumber: order.orderNumber,
      orderStatus: 0,
      actionCode: -100,
      actionCodeDescription: 'Не было попыток оплаты',
      amount: 199_000,
      bindingId: null,
      maskedPan: null,
      expiration: null,
    });
    const raw = await rest('getOrderStatusExtended', { orderNumber: order.orderNumber });
    expect(raw).toMatchObject({
      errorCode: '0',
      errorMessage: 'Успешно',
      orderStatus: 0,
      currency: '643',
      date: time.clock().getTime(),
      merchantOrderParams: [{ name: 'purchase', value: '42' }],
      paymentAmountInfo: {
        paymentState: 'CREATED',
        approvedAmount: 0,
        depositedAmount: 0,
        refundedAmount: 0,
      },
    });
    expect(raw.cardAuthInfo).toBeUndefined();
  });

  it('shows the payment page in Russian: merchant, description, amount, card form, test cards', async () => {
    const order = await registerOrder();
    const { res, html } = await openPage(order.formUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${server.base}`,
    );
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('width=device-width');
    expect(html).toContain('Школа Умняшек');
    expect(html).toContain('Подписка «Основная программа» на месяц');
    expect(html).toContain('1\u00a0990,00\u00a0₽');
    for (const name of ['pan', 'expiry', 'cvc', 'cardholder']) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).toContain('Оплатить');
    expect(html).toContain('Отменить');
    for (const pan of Object.values(CARD)) {
      expect(html).toContain(pan.replace(/ /g, '\u00a0'));
    }
  });

  it('refuses a used order number with errorCode 1', async () => {
    const order = await registerOrder();
    const again = registerOrder({ orderNumber: order.orderNumber });
    await expect(again).rejects.toBeInstanceOf(SberbankError);
    await expect(again).rejects.toMatchObject({
      errorCode: '1',
      errorMessage: 'Заказ с таким номером уже обработан',
    });
  });

  it('refuses wrong credentials with errorCode 5', async () => {
    for (const credentials of [
      { username: server.config.sberbank.username, password: 'wrong' },
      { username: 'someone-else', password: server.config.sberbank.password },
    ]) {
      const stranger = createSberbankClient({
        apiUrl: server.config.sberbank.apiUrl,
        ...credentials,
      });
      await expect(stranger.orderStatus(randomUUID())).rejects.toMatchObject({
        errorCode: '5',
        errorMessage: 'Доступ запрещён',
      });
    }
  });

  it('checks that the receipt lines add up to the amount', async () => {
    const item = (positionId: number, itemAmount: number) => ({
      positionId,
      name: 'Подписка на месяц',
      quantity: { value: 1, measure: 'шт' },
      itemPrice: itemAmount,
      itemAmount,
      itemCode: `sub-${positionId}`,
      tax: { taxType: 0 },
    });
    const wrong = registerOrder({
      orderBundle: { cartItems: { items: [item(1, 100_000), item(2, 50_000)] } },
    });
    await expect(wrong).rejects.toMatchObject({ errorCode: '4' });
    await expect(wrong).rejects.toThrow(/не совпадает с суммой заказа/);

    const right = await registerOrder({
      orderBundle: {
        customerDetails: { email: 'mama@example.ru' },
        cartItems: { items: [item(1, 149_000), item(2, 50_000)] },
      },
      taxSystem: 0,
    });
    expect((await client.orderStatus(right.orderId)).orderStatus).toBe(0);
  });

  it('answers missing and malformed parameters with errorCode 4 or 3, also over GET', async () => {
    const base = { orderNumber: nextNumber(), amount: '1000', returnUrl: returnUrl() };
    expect(await rest('register', { ...base, orderNumber: '' })).toMatchObject({ errorCode: '4' });
    expect(await rest('register', { ...base, orderNumber: 'x'.repeat(33) })).toMatchObject({
      errorCode: '4',
    });
    for (const amount of ['', '0', '-5', '10.5', 'abc', '99999999999']) {
      expect(await rest('register', { ...base, amount }), amount).toMatchObject({
        errorCode: '4',
      });
    }
    expect(await rest('register', { ...base, returnUrl: '' })).toMatchObject({ errorCode: '4' });
    expect(await rest('register', { ...base, returnUrl: 'javascript:alert(1)' })).toMatchObject({
      errorCode: '4',
    });
    expect(await rest('register', { ...base, currency: '840' })).toMatchObject({
      errorCode: '3',
    });
    expect(await rest('register', { ...base, jsonParams: '[1]' })).toMatchObject({
      errorCode: '4',
    });
    expect(await rest('register', { ...base, orderBundle: '{' })).toMatchObject({
      errorCode: '4',
    });

    const query = new URLSearchParams({
      userName: server.config.sberbank.username,
      password: server.config.sberbank.password,
      ...base,
    });
    const res = await fetch(`${server.config.sberbank.apiUrl}register.do?${query}`);
    const body = (await res.json()) as { orderId: string; formUrl: string };
    expect(body.orderId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown order with errorCode 6', async () => {
    await expect(client.orderStatus(randomUUID())).rejects.toMatchObject({
      errorCode: '6',
      errorMessage: 'Заказ не найден',
    });
    expect(await rest('getOrderStatusExtended', { orderNumber: 'no-such-order' })).toMatchObject({
      errorCode: '6',
    });
  });
});

describe('the payment page', () => {
  it('pays with 5555…, saves the card for the client and returns to returnUrl', async () => {
    const clientId = `client-${randomUUID()}`;
    const order = await registerOrder({ clientId });
    const paid = await submitCard(order.formUrl, { pan: CARD.success });
    expect(paid.res.status).toBe(303);
    expect(paid.location).toBe(`${returnUrl()}&orderId=${order.orderId}&lang=ru`);

    const status = await client.orderStatus(order.orderId);
    expect(status).toMatchObject({ orderStatus: 2, actionCode: 0, maskedPan: '555555**5599' });
    expect(status.bindingId).not.toBeNull();
    expect(await client.bindings(clientId)).toEqual([
      { bindingId: status.bindingId, maskedPan: '555555**5599', expiryDate: '203012' },
    ]);

    const raw = await rest('getOrderStatusExtended', { orderId: order.orderId });
    expect(raw).toMatchObject({
      cardAuthInfo: {
        maskedPan: '555555**5599',
        expiration: '203012',
        cardholderName: 'IVAN TESTOV',
        paymentSystem: 'MASTERCARD',
      },
      bindingInfo: { clientId, bindingId: status.bindingId },
      paymentAmountInfo: {
        paymentState: 'DEPOSITED',
        approvedAmount: 199_000,
        depositedAmount: 199_000,
        refundedAmount: 0,
      },
    });

    const [callback] = await waitForCallbacks(order.orderId, 1);
    expect(callback).toMatchObject({
      mdOrder: order.orderId,
      orderNumber: order.orderNumber,
      operation: 'deposited',
      status: '1',
      amount: '199000',
    });
    expect(hasValidChecksum(callback ?? {}, server.config.sberbank.callbackKey)).toBe(true);
    expect(delivered.find((url) => url.includes(order.orderId))).toMatch(
      new RegExp(`^${server.base}${CALLBACK_PATH}\\?`),
    );

    // Paid: the page no longer takes a card, and another card saved once stays one binding.
    const again = await openPage(order.formUrl);
    expect(again.html).toContain('Заказ уже оплачен');
    const second = await registerOrder({ clientId });
    await submitCard(second.formUrl, { pan: CARD.success });
    expect(await client.bindings(clientId)).toHaveLength(1);
  });

  it('pays with the МИР card and saves nothing without a clientId', async () => {
    const order = await registerOrder();
    const paid = await submitCard(order.formUrl, { pan: CARD.mir, cardholder: '' });
    expect(paid.res.status).toBe(303);
    const status = await client.orderStatus(order.orderId);
    expect(status).toMatchObject({ orderStatus: 2, maskedPan: '220000**0053', bindingId: null });
  });

  it('asks 4111… for 3-D Secure: a wrong code declines, the right one pays', async () => {
    const wrong = await registerOrder();
    const asked = await submitCard(wrong.formUrl, { pan: CARD.threeDs });
    expect(asked.res.status).toBe(303);
    expect(asked.location).toBe(`${server.base}/sandbox/sberbank/acs?mdOrder=${wrong.orderId}`);
    expect((await client.orderStatus(wrong.orderId)).orderStatus).toBe(5);
    const acs = await openPage(asked.location);
    expect(acs.html).toContain('12345678');
    expect(acs.html).toContain('411111**1111');

    // Not a code at all: said so, nothing changes.
    const typo = await enterCode(asked.location, 'abc');
    expect(typo.res.status).toBe(422);
    expect(typo.html).toContain('Код — 8 цифр из СМС.');
    expect((await client.orderStatus(wrong.orderId)).orderStatus).toBe(5);

    const declined = await enterCode(asked.location, '87654321');
    expect(declined.res.status).toBe(303);
    expect(declined.location).toBe(`${failUrl()}?orderId=${wrong.orderId}&lang=ru`);
    expect(await client.orderStatus(wrong.orderId)).toMatchObject({
      orderStatus: 6,
      actionCode: -2006,
    });

    const right = await registerOrder({ clientId: `client-${randomUUID()}` });
    const asked2 = await submitCard(right.formUrl, { pan: CARD.threeDs });
    // The payment page of an order waiting for 3-D Secure sends the payer on to it.
    const reopened = await openPage(right.formUrl);
    expect(reopened.res.status).toBe(303);
    expect(reopened.res.headers.get('location')).toBe(asked2.location);
    const paid = await enterCode(asked2.location, '12345678');
    expect(paid.res.status).toBe(303);
    expect(paid.location).toBe(`${returnUrl()}&orderId=${right.orderId}&lang=ru`);
    expect(await client.orderStatus(right.orderId)).toMatchObject({
      orderStatus: 2,
      maskedPan: '411111**1111',
    });
  });

  it('declines 4000…0002 and returns to failUrl', async () => {
    const order = await registerOrder();
    const declined = await submitCard(order.formUrl, { pan: CARD.declined });
    expect(declined.res.status).toBe(303);
    expect(declined.location).toBe(`${failUrl()}?orderId=${order.orderId}&lang=ru`);
    expect(await client.orderStatus(order.orderId)).toMatchObject({
      orderStatus: 6,
      actionCode: 2002,
      actionCodeDescription: 'Платёж отклонён банком-эмитентом',
      maskedPan: '400000**0002',
    });
    const [callback] = await waitForCallbacks(order.orderId, 1);
    expect(callback).toMatchObject({ operation: 'deposited', status: '0' });
    expect(hasValidChecksum(callback ?? {}, server.config.sberbank.callbackKey)).toBe(true);
    expect((await openPage(order.formUrl)).html).toContain('Оплата не прошла');
  });

  it('cancels on «Отменить»: declined, back to failUrl (returnUrl when none)', async () => {
    const order = await registerOrder({ failUrl: undefined });
    const cancelled = await submitCard(order.formUrl, { action: 'cancel' });
    expect(cancelled.res.status).toBe(303);
    expect(cancelled.location).toBe(`${returnUrl()}&orderId=${order.orderId}&lang=ru`);
    expect(await client.orderStatus(order.orderId)).toMatchObject({
      orderStatus: 6,
      actionCode: -20010,
    });
  });

  it('keeps 4000…0119 unpaid in processing until the session runs out', async () => {
    const order = await registerOrder({ sessionTimeoutSecs: 600 });
    const stuck = await submitCard(order.formUrl, { pan: CARD.timeout });
    expect(stuck.res.status).toBe(200);
    expect(stuck.html).toContain('Банк не ответил');
    expect(await client.orderStatus(order.orderId)).toMatchObject({
      orderStatus: 0,
      actionCode: -2000,
      maskedPan: '400000**0119',
    });

    // Another card cannot finish it either: the page repeats that the bank did not answer.
    const retry = await postCard(
      `${server.base}/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html`,
      { mdOrder: order.orderId },
      { pan: CARD.success },
    );
    expect(retry.res.status).toBe(200);
    expect(retry.html).toContain('Банк не ответил');
    expect((await client.orderStatus(order.orderId)).orderStatus).toBe(0);
    const page = await openPage(order.formUrl);
    expect(page.html).toContain('Банк не ответил');
    expect(page.html).not.toContain('name="pan"');
    time.advance(599_000);
    expect((await client.orderStatus(order.orderId)).orderStatus).toBe(0);
    expect(callbacksOf(order.orderId)).toEqual([]);

    time.advance(2_000);
    expect(await client.orderStatus(order.orderId)).toMatchObject({
      orderStatus: 6,
      actionCode: -2007,
      actionCodeDescription: 'Истёк срок ожидания ввода данных',
    });
    const [callback] = await waitForCallbacks(order.orderId, 1);
    expect(callback).toMatchObject({ operation: 'declinedByTimeout', status: '0' });
    expect((await openPage(order.formUrl)).html).toContain('Время на оплату истекло');
  });

  it('shows a Russian error for a bad card and changes nothing', async () => {
    const order = await registerOrder();
    const cases: [CardEntry, string][] = [
      [{ pan: '1234' }, 'Введите номер карты — 16 цифр.'],
      [{ pan: '4276 0000 0000 0001' }, 'Это не тестовая карта'],
      [{ pan: CARD.success, expiry: '01/26' }, 'Срок действия карты истёк.'],
      [{ pan: CARD.success, expiry: '13/30' }, 'Введите срок действия в виде ММ/ГГ'],
      [{ pan: CARD.success, cvc: '999' }, 'Неверный CVC'],
      [{ pan: CARD.success, cardholder: 'Иван <b>' }, 'латинскими буквами'],
    ];
    for (const [entry, message] of cases) {
      const res = await submitCard(order.formUrl, entry);
      expect(res.res.status, message).toBe(422);
      expect(res.html).toContain(message);
      expect(res.html).toContain('aria-invalid="true"');
      expect(res.html).not.toContain('Иван <b>');
    }
    expect(await client.orderStatus(order.orderId)).toMatchObject({
      orderStatus: 0,
      maskedPan: null,
    });
    const paid = await submitCard(order.formUrl, { pan: CARD.success });
    expect(paid.res.status).toBe(303);
  });

  it('answers an unknown or missing order with a Russian 404 page', async () => {
    for (const query of [`?mdOrder=${randomUUID()}`, '', '?mdOrder=a&mdOrder=b']) {
      const { res, html } = await openPage(
        `${server.base}/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html${query}`,
      );
      expect(res.status, query).toBe(404);
      expect(html).toContain('Заказ не найден');
    }
  });
});

describe('after the payment', () => {
  async function paidOrder(extra: Partial<RegisterOrderInput> = {}) {
    const order = await registerOrder(extra);
    expect((await submitCard(order.formUrl, { pan: CARD.success })).res.status).toBe(303);
    return order;
  }

  it('reverses a paid order once', async () => {
    const order = await paidOrder();
    await client.reverse(order.orderId);
    expect((await client.orderStatus(order.orderId)).orderStatus).toBe(3);
    await expect(client.reverse(order.orderId)).rejects.toMatchObject({ errorCode: '7' });
    const callbacks = await waitForCallbacks(order.orderId, 2);
    expect(callbacks[1]).toMatchObject({ operation: 'reversed', status: '1' });

    const unpaid = await registerOrder();
    await expect(client.reverse(unpaid.orderId)).rejects.toMatchObject({ errorCode: '7' });
  });

  it('refunds in parts up to the deposit: status 4 when all is back', async () => {
    const order = await paidOrder();
    await client.refund(order.orderId, 99_000);
    expect((await client.orderStatus(order.orderId)).orderStatus).toBe(2);
    await expect(client.refund(order.orderId, 100_001)).rejects.toMatchObject({
      errorCode: '7',
      errorMessage: 'Сумма возврата превышает сумму списания',
    });
    await client.refund(order.orderId, 100_000);
    expect((await client.orderStatus(order.orderId)).orderStatus).toBe(4);
    const raw = await rest('getOrderStatusExtended', { orderId: order.orderId });
    expect(raw.paymentAmountInfo).toMatchObject({
      paymentState: 'REFUNDED',
      refundedAmount: 199_000,
    });
    const callbacks = await waitForCallbacks(order.orderId, 3);
    expect(callbacks.slice(1)).toMatchObject([
      { operation: 'refunded', status: '1', amount: '99000' },
      { operation: 'refunded', status: '1', amount: '100000' },
    ]);
    for (const callback of callbacks) {
      expect(hasValidChecksum(callback, server.config.sberbank.callbackKey)).toBe(true);
    }
    await expect(client.refund(order.orderId, 1)).rejects.toMatchObject({ errorCode: '7' });
  });

  it('unbinds a card: the client then has none (errorCode 2 → an empty list)', async () => {
    const clientId = `client-${randomUUID()}`;
    const order = await paidOrder({ clientId });
    const { bindingId } = await client.orderStatus(order.orderId);
    await client.unbindCard(bindingId ?? '');
    expect(await client.bindings(clientId)).toEqual([]);
    expect(await rest('getBindings', { clientId })).toMatchObject({ errorCode: '2' });
    await expect(client.unbindCard(bindingId ?? '')).rejects.toMatchObject({ errorCode: '2' });
    await expect(client.unbindCard(randomUUID())).rejects.toMatchObject({ errorCode: '2' });
  });

  it('charges a saved card with paymentOrderBinding', async () => {
    const clientId = `client-${randomUUID()}`;
    const first = await paidOrder({ clientId });
    const { bindingId } = await client.orderStatus(first.orderId);

    const renewal = await registerOrder({
      clientId,
      bindingId: bindingId ?? '',
      features: ['AUTO_PAYMENT'],
    });
    const result = await client.payWithBinding({
      mdOrder: renewal.orderId,
      bindingId: bindingId ?? '',
      ip: '127.0.0.1',
    });
    expect(result).toEqual({
      outcome: 'done',
      info: 'Ваш платёж обработан, происходит переадресация...',
    });
    expect(await client.orderStatus(renewal.orderId)).toMatchObject({
      orderStatus: 2,
      bindingId,
      maskedPan: '555555**5599',
    });
    expect(await client.bindings(clientId)).toHaveLength(1);
    const [callback] = await waitForCallbacks(renewal.orderId, 1);
    expect(callback).toMatchObject({ operation: 'deposited', status: '1' });

    // Paid already, or someone else's card: refused.
    await expect(
      client.payWithBinding({ mdOrder: renewal.orderId, bindingId: bindingId ?? '', ip: '::1' }),
    ).rejects.toMatchObject({ errorCode: '7' });
    const stranger = await registerOrder({ clientId: `client-${randomUUID()}` });
    await expect(
      client.payWithBinding({ mdOrder: stranger.orderId, bindingId: bindingId ?? '', ip: '::1' }),
    ).rejects.toMatchObject({ errorCode: '2' });
    await expect(
      client.payWithBinding({ mdOrder: stranger.orderId, bindingId: randomUUID(), ip: '::1' }),
    ).rejects.toMatchObject({ errorCode: '2' });
  });

  it('asks for 3-D Secure on a saved 4111… card, and declines a saved refusing card', async () => {
    const clientId = `client-${randomUUID()}`;
    const first = await registerOrder({ clientId });
    const asked = await submitCard(first.formUrl, { pan: CARD.threeDs });
    await enterCode(asked.location, '12345678');
    const { bindingId } = await client.orderStatus(first.orderId);
    expect(bindingId).not.toBeNull();

    const renewal = await registerOrder({ clientId, features: ['AUTO_PAYMENT'] });
    const result = await client.payWithBinding({
      mdOrder: renewal.orderId,
      bindingId: bindingId ?? '',
      ip: '127.0.0.1',
    });
    expect(result).toEqual({
      outcome: 'needs-3ds',
      acsUrl: `${server.base}/sandbox/sberbank/acs?mdOrder=${renewal.orderId}`,
    });
    const raw = await rest('getOrderStatusExtended', { orderId: renewal.orderId });
    expect(raw).toMatchObject({ orderStatus: 5 });
    expect(raw.bindingInfo).toBeUndefined();
    // The payer can still confirm it on the 3-D Secure page.
    const paid = await enterCode(result.outcome === 'needs-3ds' ? result.acsUrl : '', '12345678');
    expect(paid.res.status).toBe(303);
    expect(await client.orderStatus(renewal.orderId)).toMatchObject({ orderStatus: 2, bindingId });

    // A refusing card is never saved by paying; a binding of one is planted to see the decline.
    const declinedBinding = randomUUID();
    await database.db.insert(sandboxGatewayBindings).values({
      bindingId: declinedBinding,
      userName: server.config.sberbank.username,
      clientId,
      maskedPan: '400000**0002',
      expiryDate: '203012',
      cardKind: 'declined',
    });
    const refused = await registerOrder({ clientId });
    await expect(
      client.payWithBinding({ mdOrder: refused.orderId, bindingId: declinedBinding, ip: '::1' }),
    ).rejects.toMatchObject({ errorCode: '2', errorMessage: 'Платёж отклонён банком-эмитентом' });
    expect(await client.orderStatus(refused.orderId)).toMatchObject({
      orderStatus: 6,
      actionCode: 2002,
    });
  });
});

describe('the gateway-timeout card with the hang flag on', () => {
  it('keeps API calls about its order waiting longer than the client does', async () => {
    const hanging = await listeningApp({
      db: database.db,
      clock: time.clock,
      sberbankSandbox: { callbacks: false, timeoutCardHangMs: 1_500 },
    });
    try {
      const impatient = createSberbankClient({
        apiUrl: hanging.config.sberbank.apiUrl,
        username: hanging.config.sberbank.username,
        password: hanging.config.sberbank.password,
        timeoutMs: 300,
      });
      const order = await impatient.register({
        orderNumber: nextNumber(),
        amount: 50_000,
        returnUrl: `${hanging.base}/payment/success`,
        description: 'Дополнительная программа',
      });
      const stuck = await submitCard(order.formUrl, { pan: CARD.timeout });
      expect(stuck.html).toContain('Банк не ответил');
      await expect(impatient.orderStatus(order.orderId)).rejects.toBeInstanceOf(
        SberbankUnavailableError,
      );

      // Other orders answer at once.
      const other = await impatient.register({
        orderNumber: nextNumber(),
        amount: 50_000,
        returnUrl: `${hanging.base}/payment/success`,
        description: 'Дополнительная программа',
      });
      expect((await impatient.orderStatus(other.orderId)).orderStatus).toBe(0);
    } finally {
      // After the abandoned call fetch's pool may hold a connection that never sends a request; Node
      // counts it as busy (not idle), and close() would wait for it until the socket times out.
      hanging.app.server.closeAllConnections();
      await hanging.app.close();
    }
  });
});

describe('callback delivery', () => {
  it('retries a school that does not answer, logs without the checksum, never throws', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const attempts: string[] = [];
    const notify = createNotifier({
      publicUrl: 'http://school.test',
      callbackKey: 'key',
      log,
      callbacks: {
        retryDelayMs: 10,
        deliver: async (url) => {
          attempts.push(url);
          if (attempts.length === 1) throw new Error('connect ECONNREFUSED');
          return attempts.length === 3;
        },
      },
    });
    const notice = {
      mdOrder: randomUUID(),
      orderNumber: '2003',
      operation: 'approved' as const,
      success: true,
      amount: 100,
    };
    notify(notice);
    expect(attempts).toHaveLength(0);
    await vi.waitFor(() => expect(attempts).toHaveLength(3));
    expect(new Set(attempts)).toEqual(new Set([callbackUrl('http://school.test', 'key', notice)]));
    expect(lines).toHaveLength(2);
    expect(lines.join('')).toContain('ECONNREFUSED');
    expect(lines.join('')).not.toContain('checksum');
    const params = Object.fromEntries(new URL(attempts[0] ?? '').searchParams);
    expect(hasValidChecksum(params, 'key')).toBe(true);
  });
});

describe('pages about the sandbox', () => {
  it('/sandbox/sberbank explains itself and /sandbox lists it with the test cards', async () => {
    const about = await openPage(`${server.base}/sandbox/sberbank`);
    expect(about.res.status).toBe(200);
    expect(about.html).toContain('Это песочница оплаты через Сбербанк');
    expect(about.html).toContain('5555\u00a05555\u00a05555\u00a05599');
    const list = await openPage(`${server.base}/sandbox`);
    expect(list.html).toContain('href="/sandbox/sberbank"');
    expect(list.html).toContain('4000\u00a00000\u00a00000\u00a00119');
  });
});
