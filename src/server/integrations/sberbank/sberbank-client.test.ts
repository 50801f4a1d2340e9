import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callbackChecksum, callbackSigningString, hasValidChecksum } from './checksum';
import { createSberbankClient, SberbankError, SberbankUnavailableError } from './client';

describe('callback checksum', () => {
  const key = 'ooc7slpvc61k7sf7ma7p4hrefr';
  const params = {
    mdOrder: '06cf5599-3f17-7c86-bdbc-bd7d00a8b38b',
    orderNumber: '2003',
    operation: 'approved',
    status: '1',
  };
  const vector = 'EAF2FB72CAB99FD5067F4BA493DD84F4D79C1589FDE8ED29622F0F07215AA972';

  it('matches the published test vector', () => {
    expect(callbackSigningString(params)).toBe(
      'mdOrder;06cf5599-3f17-7c86-bdbc-bd7d00a8b38b;operation;approved;orderNumber;2003;status;1;',
    );
    expect(callbackChecksum(params, key)).toBe(vector);
  });

  it('accepts the right checksum in either case and refuses a tampered one', () => {
    expect(hasValidChecksum({ ...params, checksum: vector, sign_alias: 'x' }, key)).toBe(true);
    expect(hasValidChecksum({ ...params, checksum: vector.toLowerCase() }, key)).toBe(true);
    expect(hasValidChecksum({ ...params, status: '0', checksum: vector }, key)).toBe(false);
    expect(hasValidChecksum({ ...params, checksum: vector }, 'another-key')).toBe(false);
    expect(hasValidChecksum({ ...params, checksum: 'zz' }, key)).toBe(false);
    expect(hasValidChecksum(params, key)).toBe(false);
  });
});

/** A gateway on a real socket that records what it was sent and answers what the test says. */
interface Seen {
  path: string;
  contentType: string;
  form: URLSearchParams;
}
let server: Server;
let base = '';
let seen: Seen[] = [];
let answer: (path: string) => { status?: number; body: string } | 'hang' = () => ({ body: '{}' });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? '';
      seen.push({
        path,
        contentType: req.headers['content-type'] ?? '',
        form: new URLSearchParams(body),
      });
      const reply = answer(path);
      if (reply === 'hang') return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment/rest/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answer = () => ({ body: '{}' });
});

const client = () =>
  createSberbankClient({ apiUrl: base, username: 'shop-api', password: 'secret', timeoutMs: 500 });

describe('Sberbank client', () => {
  it('registers an order with a form-encoded body, credentials and the receipt as a JSON string', async () => {
    answer = () => ({ body: '{"orderId":"70906e55-7114","formUrl":"https://pay.example/form"}' });
    const items = [
      {
        positionId: 1,
        name: 'Подписка на 6 месяцев',
        quantity: { value: 1, measure: 'шт' },
        itemPrice: 299000,
        itemAmount: 299000,
        itemCode: 'subscription-6m-2c',
        tax: { taxType: 0 },
      },
    ];
    const order = await client().register({
      orderNumber: 'P-1',
      amount: 299000,
      returnUrl: 'http://localhost:3000/successful-payment',
      failUrl: 'http://localhost:3000/fail-payment',
      description: 'Школа Умняшек',
      clientId: '42',
      features: ['AUTO_PAYMENT'],
      orderBundle: { customerDetails: { email: 'olya@mail.ru' }, cartItems: { items } },
    });
    expect(order).toEqual({ orderId: '70906e55-7114', formUrl: 'https://pay.example/form' });
    const [request] = seen;
    expect(request?.path).toBe('/payment/rest/register.do');
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    const form = request?.form;
    expect(form?.get('userName')).toBe('shop-api');
    expect(form?.get('password')).toBe('secret');
    expect(form?.get('amount')).toBe('299000');
    expect(form?.get('currency')).toBe('643');
    expect(form?.get('language')).toBe('ru');
    expect(form?.get('features')).toBe('AUTO_PAYMENT');
    expect(JSON.parse(form?.get('orderBundle') ?? 'null')).toEqual({
      customerDetails: { email: 'olya@mail.ru' },
      cartItems: { items },
    });
    expect(form?.has('bindingId')).toBe(false);
  });

  it('reads a business error from errorCode in an HTTP 200 body, string or number', async () => {
    answer = () => ({
      body: '{"errorCode":"1","errorMessage":"Заказ с таким номером уже обработан"}',
    });
    await expect(
      client().register({ orderNumber: 'P-1', amount: 100, returnUrl: 'x', description: 'd' }),
    ).rejects.toMatchObject({ name: 'SberbankError', errorCode: '1' });
    answer = () => ({ body: '{"errorCode":5,"errorMessage":"Доступ запрещён"}' });
    await expect(client().reverse('o-1')).rejects.toBeInstanceOf(SberbankError);
    answer = () => ({ body: '{"errorCode":"0","errorMessage":"Успешно"}' });
    await expect(client().refund('o-1', 100)).resolves.toBeUndefined();
    expect(seen.at(-1)?.form.get('amount')).toBe('100');
  });

  it('reads the order status, the saved card and the binding', async () => {
    answer = () => ({
      body: JSON.stringify({
        errorCode: '0',
        orderNumber: 'P-7',
        orderStatus: 2,
        actionCode: 0,
        actionCodeDescription: '',
        amount: 299000,
        cardAuthInfo: { maskedPan: '411111**1111', expiration: '203012' },
        bindingInfo: { clientId: '42', bindingId: 'b-1' },
        paymentAmountInfo: {
          paymentState: 'DEPOSITED',
          depositedAmount: 299000,
          refundedAmount: 9000,
        },
        attributes: [{ name: 'mdOrder', value: 'o-7' }],
      }),
    });
    await expect(client().orderStatus('o-7')).resolves.toEqual({
      orderNumber: 'P-7',
      orderId: 'o-7',
      refundedAmount: 9000,
      orderStatus: 2,
      actionCode: 0,
      actionCodeDescription: '',
      amount: 299000,
      bindingId: 'b-1',
      maskedPan: '411111**1111',
      expiration: '203012',
    });
    expect(seen[0]?.path).toBe('/payment/rest/getOrderStatusExtended.do');
    expect(seen[0]?.form.get('orderId')).toBe('o-7');
  });

  it('counts errorCode 2 of getBindings as no saved cards', async () => {
    answer = () => ({ body: '{"errorCode":"2","errorMessage":"Связки не найдены"}' });
    await expect(client().bindings('42')).resolves.toEqual([]);
    answer = () => ({
      body: '{"errorCode":"0","bindings":[{"bindingId":"b-1","maskedPan":"555555**5599","expiryDate":"203012","clientId":"42"}]}',
    });
    await expect(client().bindings('42')).resolves.toEqual([
      { bindingId: 'b-1', maskedPan: '555555**5599', expiryDate: '203012' },
    ]);
  });

  it('pays with a saved card, or says the bank wants 3-D Secure', async () => {
    answer = () => ({
      body: '{"errorCode":0,"redirect":"https://shop/ok","info":"Ваш платёж обработан"}',
    });
    await expect(
      client().payWithBinding({ mdOrder: 'o-9', bindingId: 'b-1', ip: '127.0.0.1' }),
    ).resolves.toEqual({ outcome: 'done', info: 'Ваш платёж обработан' });
    answer = () => ({ body: '{"errorCode":0,"acsUrl":"https://acs/","paReq":"x","termUrl":"y"}' });
    await expect(
      client().payWithBinding({ mdOrder: 'o-9', bindingId: 'b-1', ip: '127.0.0.1' }),
    ).resolves.toEqual({ outcome: 'needs-3ds', acsUrl: 'https://acs/' });
    answer = () => ({ body: '{"errorCode":"0"}' });
    await client().unbindCard('b-1');
    expect(seen.at(-1)?.path).toBe('/payment/rest/unBindCard.do');
    expect(seen.at(-1)?.form.get('bindingId')).toBe('b-1');
  });

  it('gives up on a gateway that does not answer in time or answers something else', async () => {
    answer = () => 'hang';
    await expect(client().orderStatus('o-1')).rejects.toBeInstanceOf(SberbankUnavailableError);
    answer = () => ({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(client().orderStatus('o-1')).rejects.toBeInstanceOf(SberbankUnavailableError);
  });
});
