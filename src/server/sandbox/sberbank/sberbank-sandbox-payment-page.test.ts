// The sandbox bank end to end over real HTTP: the production client (integrations/sberbank/client.ts) calls
// its REST methods, and a plain fetch plays the payer on the hosted payment and 3-D Secure pages. The
// callbacks the sandbox sends are captured by an injected delivery and checked with the school's checksum.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasValidChecksum } from '../../integrations/sberbank/checksum';
import type { SberbankClient } from '../../integrations/sberbank/client';
import type { ListeningApp } from '../../testing/oauth-browser';
import { CARD, useSandboxBank, type CardEntry } from '../../testing/sandbox-bank';
import { CALLBACK_PATH } from './callbacks';

const bank = useSandboxBank();
const {
  time,
  delivered,
  returnUrl,
  failUrl,
  registerOrder,
  rest,
  openPage,
  submitCard,
  postCard,
  enterCode,
  callbacksOf,
  waitForCallbacks,
} = bank;
let server: ListeningApp;
let client: SberbankClient;
beforeAll(() => {
  ({ server, client } = bank);
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
