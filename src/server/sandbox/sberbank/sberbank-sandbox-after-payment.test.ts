// The sandbox bank end to end over real HTTP: the production client (integrations/sberbank/client.ts) calls
// its REST methods, and a plain fetch plays the payer on the hosted payment and 3-D Secure pages. The
// callbacks the sandbox sends are captured by an injected delivery and checked with the school's checksum.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxGatewayBindings } from '../../db/schema/index';
import { hasValidChecksum } from '../../integrations/sberbank/checksum';
import {
  createSberbankClient,
  SberbankUnavailableError,
  type RegisterOrderInput,
  type SberbankClient,
} from '../../integrations/sberbank/client';
import { listeningApp, type ListeningApp } from '../../testing/oauth-browser';
import type { TestDatabase } from '../../testing/test-database';
import { CARD, useSandboxBank } from '../../testing/sandbox-bank';

const bank = useSandboxBank();
const { time, nextNumber, registerOrder, rest, submitCard, enterCode, waitForCallbacks } = bank;
let database: TestDatabase;
let server: ListeningApp;
let client: SberbankClient;
beforeAll(() => {
  ({ database, server, client } = bank);
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
