// The sandbox bank end to end over real HTTP: the production client (integrations/sberbank/client.ts) calls
// its REST methods, and a plain fetch plays the payer on the hosted payment and 3-D Secure pages. The
// callbacks the sandbox sends are captured by an injected delivery and checked with the school's checksum.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hasValidChecksum } from '../../integrations/sberbank/checksum';
import {
  createSberbankClient,
  SberbankError,
  type SberbankClient,
} from '../../integrations/sberbank/client';
import type { ListeningApp } from '../../testing/oauth-browser';
import { CARD, useSandboxBank } from '../../testing/sandbox-bank';
import { callbackUrl, createNotifier } from './callbacks';

const bank = useSandboxBank();
const { time, nextNumber, returnUrl, registerOrder, rest, openPage } = bank;
let server: ListeningApp;
let client: SberbankClient;
beforeAll(() => {
  ({ server, client } = bank);
});

describe('register and getOrderStatusExtended', () => {
  it('registers an order, unpaid, with a payment page on the sandbox', async () => {
    const order = await registerOrder({ jsonParams: { purchase: '42' } });
    expect(order.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.formUrl).toBe(
      `${server.base}/sandbox/sberbank/payment/merchants/sbersafe/payment_ru.html?mdOrder=${order.orderId}`,
    );
    expect(await client.orderStatus(order.orderId)).toEqual({
      orderNumber: order.orderNumber,
      orderId: order.orderId,
      refundedAmount: 0,
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
