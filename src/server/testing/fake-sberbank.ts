// Test kit: a Sberbank gateway on a real local socket whose orders the test drives by hand (paid,
// declined, another amount, silent), so the payment rules are tested through the production client over
// HTTP. The demo's sandbox (/sandbox/sberbank) has its own tests with the hosted page and test cards.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  orderId: string;
  orderNumber: string;
  amount: number;
  form: Record<string, string>;
  orderStatus: number;
  actionCode: number;
  actionCodeDescription: string;
  /** Amount the bank reports (a tampered or mistaken payment may differ). */
  reportedAmount?: number;
  bindingId?: string;
  maskedPan?: string;
  /** Kopecks given back so far (paymentAmountInfo.refundedAmount). */
  refundedAmount?: number;
}

export interface FakeSberbank {
  /** Ends with '/', as SBERBANK_API_URL. */
  apiUrl: string;
  orders: Map<string, FakeOrder>;
  /** Every call: method and form. */
  calls: { method: string; form: Record<string, string> }[];
  /** Methods that get no answer at all (a gateway timeout). */
  hang: Set<string>;
  /** register.do accepts the order, then hangs (the answer lost on the way back). */
  registerThenHang: boolean;
  /**
   * What paymentOrderBinding.do does with a saved card: pays (default), declines, asks 3-D Secure, or never
   * answers (this card only: other families' charges in the same run still go through).
   */
  bindingOutcome: Map<string, 'pay' | 'decline' | '3ds' | 'hang'>;
  /** Cards the bank has forgotten (unBindCard.do); unBindCard of one of them answers errorCode 2. */
  unbound: Set<string>;
  /** unBindCard.do refuses with this errorCode (other than "already gone"). */
  unbindRefusal: string | null;
  /** refund.do refuses with this errorCode (and errorMessage «Отказ в возврате»). */
  refundRefusal: string | null;
  /** refund.do refunds, then hangs (the answer lost on the way back). */
  refundThenHang: boolean;
  pay(orderId: string, extra?: Partial<FakeOrder>): void;
  decline(orderId: string, description?: string): void;
  /** Money given back in the bank's own back office, not through the school: all (4) or a part (stays 2). */
  refundAtBank(orderId: string, amount?: number): void;
  /** A payment cancelled in the bank's back office (3). */
  reverseAtBank(orderId: string): void;
  close(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const form = new URLSearchParams(data);
      resolve({ ...Object.fromEntries(query), ...Object.fromEntries(form) });
    });
  });
}

export async function startFakeSberbank(): Promise<FakeSberbank> {
  const orders = new Map<string, FakeOrder>();
  const calls: FakeSberbank['calls'] = [];
  const hanging = new Set<() => void>();
  const fake = {
    orders,
    calls,
    hang: new Set<string>(),
    registerThenHang: false,
    bindingOutcome: new Map<string, 'pay' | 'decline' | '3ds' | 'hang'>(),
    unbound: new Set<string>(),
    unbindRefusal: null as string | null,
    refundRefusal: null as string | null,
    refundThenHang: false,
  };

  function answer(method: string, form: Record<string, string>): Record<string, unknown> {
    if (method === 'register') {
      const orderId = randomUUID();
      orders.set(orderId, {
        orderId,
        orderNumber: form.orderNumber ?? '',
        amount: Number(form.amount),
        form,
        orderStatus: 0,
        actionCode: 0,
        actionCodeDescription: '',
      });
      return { orderId, formUrl: `https://bank.test/pay?mdOrder=${orderId}` };
    }
    const order =
      (form.orderId && orders.get(form.orderId)) ||
      [...orders.values()].find((o) => o.orderNumber === form.orderNumber);
    if (method === 'getOrderStatusExtended') {
      if (!order) return { errorCode: '6', errorMessage: 'Заказ не найден' };
      return {
        errorCode: '0',
        errorMessage: 'Успешно',
        orderNumber: order.orderNumber,
        orderStatus: order.orderStatus,
        actionCode: order.actionCode,
        actionCodeDescription: order.actionCodeDescription,
        amount: order.reportedAmount ?? order.amount,
        currency: '643',
        paymentAmountInfo: { refundedAmount: order.refundedAmount ?? 0 },
        attributes: [{ name: 'mdOrder', value: order.orderId }],
        ...(order.maskedPan
          ? { cardAuthInfo: { maskedPan: order.maskedPan, expiration: '203012' } }
          : {}),
        ...(order.bindingId
          ? { bindingInfo: { clientId: order.form.clientId, bindingId: order.bindingId } }
          : {}),
      };
    }
    if (method === 'refund' || method === 'reverse') {
      if (!order) return { errorCode: '6', errorMessage: 'Заказ не найден' };
      if (method === 'refund' && fake.refundRefusal) {
        return { errorCode: fake.refundRefusal, errorMessage: 'Отказ в возврате' };
      }
      // As the bank: nothing is refunded twice.
      const refunded = (order.refundedAmount ?? 0) + Number(form.amount ?? order.amount);
      if (method === 'refund' && (order.orderStatus === 4 || refunded > order.amount)) {
        return { errorCode: '7', errorMessage: 'Сумма возврата превышает сумму списания' };
      }
      if (method === 'refund') {
        order.refundedAmount = refunded;
        order.orderStatus = refunded >= order.amount ? 4 : 2;
      } else {
        order.orderStatus = 3;
      }
      return { errorCode: '0' };
    }
    if (method === 'paymentOrderBinding') {
      const found = form.mdOrder ? orders.get(form.mdOrder) : undefined;
      const bindingId = form.bindingId ?? '';
      if (!found) return { errorCode: '6', errorMessage: 'Заказ не найден' };
      if (fake.unbound.has(bindingId)) return { errorCode: '2', errorMessage: 'Связка не найдена' };
      const outcome = fake.bindingOutcome.get(bindingId) ?? 'pay';
      if (outcome === '3ds') {
        found.orderStatus = 5;
        return { errorCode: 0, acsUrl: 'https://acs.bank.test/3ds', paReq: 'x', termUrl: 'x' };
      }
      if (outcome === 'decline') {
        Object.assign(found, {
          orderStatus: 6,
          actionCode: 2002,
          actionCodeDescription: 'Недостаточно средств',
        });
        return { errorCode: 0, info: 'Платёж отклонён' };
      }
      Object.assign(found, { orderStatus: 2, actionCode: 0, maskedPan: '555555**5599', bindingId });
      return { errorCode: 0, info: 'Ваш платёж обработан' };
    }
    if (method === 'unBindCard') {
      const bindingId = form.bindingId ?? '';
      if (fake.unbindRefusal) return { errorCode: fake.unbindRefusal, errorMessage: 'Отказ' };
      if (fake.unbound.has(bindingId)) return { errorCode: '2', errorMessage: 'Связка не найдена' };
      fake.unbound.add(bindingId);
      return { errorCode: '0' };
    }
    return { errorCode: '7', errorMessage: 'Метод не поддерживается' };
  }

  const server: Server = createServer((req, res) => {
    void readForm(req).then((form) => {
      const method = /\/([A-Za-z]+)\.do$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
      calls.push({ method: method ?? '', form });
      const hangsBinding =
        method === 'paymentOrderBinding' &&
        fake.bindingOutcome.get(form.bindingId ?? '') === 'hang';
      if (!method || fake.hang.has(method) || hangsBinding) {
        hanging.add(() => res.destroy());
        return;
      }
      const body = answer(method, form);
      if (
        (method === 'register' && fake.registerThenHang) ||
        (method === 'refund' && fake.refundThenHang)
      ) {
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  // Node closes a keep-alive connection idle for 5 s; a busy test machine can hand the client such a
  // socket just as it closes (ECONNRESET, «the bank did not answer»). The fake keeps them for the run.
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    apiUrl: `http://127.0.0.1:${port}/payment/rest/`,
    pay(orderId: string, extra: Partial<FakeOrder> = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      Object.assign(order, { orderStatus: 2, actionCode: 0, maskedPan: '555555**5599' }, extra);
    },
    decline(orderId: string, description = 'Отказ банка-эмитента') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      Object.assign(order, {
        orderStatus: 6,
        actionCode: 2002,
        actionCodeDescription: description,
      });
    },
    refundAtBank(orderId: string, amount?: number) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const refunded = (order.refundedAmount ?? 0) + (amount ?? order.amount);
      Object.assign(order, {
        refundedAmount: refunded,
        orderStatus: refunded >= order.amount ? 4 : 2,
      });
    },
    reverseAtBank(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.orderStatus = 3;
    },
    async close() {
      for (const drop of hanging) drop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
