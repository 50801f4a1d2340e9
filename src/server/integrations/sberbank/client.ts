// The school's client of Sberbank internet acquiring (classic REST API): POST form-encoded to
// `<apiUrl><method>.do`, credentials as parameters, nested values as JSON strings, and business errors read
// from `errorCode` in an HTTP 200 body — the HTTP status alone proves nothing.
import { bankCalls } from '../../metrics/registry';

/** A gateway that has not answered in this time counts as not answered; the order stays for the reconciler. */
export const SBERBANK_TIMEOUT_MS = 30_000;
/** Rouble, ISO 4217 numeric. */
export const CURRENCY_RUB = '643';

export interface SberbankClientOptions {
  /** Ends with '/': `${apiUrl}register.do`. */
  apiUrl: string;
  username: string;
  password: string;
  timeoutMs?: number;
}

/** The gateway answered with a business error (errorCode other than 0). */
export class SberbankError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(`${method}: errorCode ${errorCode} ${errorMessage}`);
    this.name = 'SberbankError';
  }
}

/** The gateway did not answer in time or answered with something that is not its JSON. */
export class SberbankUnavailableError extends Error {
  constructor(
    readonly method: string,
    reason: string,
  ) {
    super(`${method}: ${reason}`);
    this.name = 'SberbankUnavailableError';
  }
}

export interface ReceiptItem {
  positionId: number;
  name: string;
  quantity: { value: number; measure: string };
  /** Kopecks. */
  itemPrice: number;
  itemAmount: number;
  itemCode: string;
  tax: { taxType: number };
}

export interface RegisterOrderInput {
  orderNumber: string;
  /** Kopecks. */
  amount: number;
  returnUrl: string;
  failUrl?: string;
  description: string;
  clientId?: string;
  /** With `features: ['AUTO_PAYMENT']` a renewal charges a saved card. */
  bindingId?: string;
  features?: string[];
  email?: string;
  jsonParams?: Record<string, string>;
  sessionTimeoutSecs?: number;
  orderBundle?: { customerDetails?: { email: string }; cartItems: { items: ReceiptItem[] } };
  taxSystem?: number;
}

export interface OrderStatus {
  orderNumber: string;
  /** The bank's id of the order (attributes' mdOrder): how an order asked about by number learns it. */
  orderId: string | null;
  /** 0 registered · 1 held · 2 paid · 3 reversed · 4 refunded · 5 3-D Secure · 6 declined. */
  orderStatus: number | null;
  actionCode: number | null;
  actionCodeDescription: string;
  amount: number;
  bindingId: string | null;
  maskedPan: string | null;
  /** The card's expiry as the bank shows it (YYYYMM). */
  expiration: string | null;
  /** paymentAmountInfo.refundedAmount: kopecks given back so far, by anyone (null when not reported). */
  refundedAmount: number | null;
}

export interface Binding {
  bindingId: string;
  maskedPan: string;
  expiryDate: string;
}

export type BindingPayment =
  { outcome: 'done'; info: string } | { outcome: 'needs-3ds'; acsUrl: string };

type Json = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

function readStatus(body: Json): OrderStatus {
  const binding = record(body.bindingInfo);
  const card = record(body.cardAuthInfo);
  const amounts = record(body.paymentAmountInfo);
  const attributes = Array.isArray(body.attributes) ? body.attributes.map(record) : [];
  const mdOrder = attributes.find((attribute) => attribute.name === 'mdOrder');
  return {
    orderNumber: text(body.orderNumber),
    orderId: text(mdOrder?.value) || null,
    orderStatus: numberOrNull(body.orderStatus),
    actionCode: numberOrNull(body.actionCode),
    actionCodeDescription: text(body.actionCodeDescription),
    amount: numberOrNull(body.amount) ?? 0,
    bindingId: text(binding.bindingId) || null,
    maskedPan: text(card.maskedPan) || null,
    expiration: text(card.expiration) || null,
    refundedAmount: numberOrNull(amounts.refundedAmount),
  };
}

export function createSberbankClient(options: SberbankClientOptions) {
  const timeoutMs = options.timeoutMs ?? SBERBANK_TIMEOUT_MS;

  /** Calls one method, counted by its outcome for the operator (docs/OPERATIONS.md «Metrics»). */
  async function call(
    method: string,
    params: Record<string, string | undefined>,
    errorCodesAllowed: readonly string[] = [],
  ): Promise<Json> {
    try {
      const body = await callOnce(method, params, errorCodesAllowed);
      bankCalls.inc({ method, outcome: 'ok' });
      return body;
    } catch (error) {
      bankCalls.inc({
        method,
        outcome: error instanceof SberbankError ? 'refused' : 'unavailable',
      });
      throw error;
    }
  }

  /** Calls one method; `errorCodesAllowed` are business answers the caller reads itself. */
  async function callOnce(
    method: string,
    params: Record<string, string | undefined>,
    errorCodesAllowed: readonly string[] = [],
  ): Promise<Json> {
    const form = new URLSearchParams({ userName: options.username, password: options.password });
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) form.set(name, value);
    }
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${method}.do`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new SberbankUnavailableError(
        method,
        error instanceof Error ? error.message : String(error),
      );
    }
    let body: Json;
    try {
      body = record(JSON.parse(await response.text()) as unknown);
    } catch {
      throw new SberbankUnavailableError(method, `HTTP ${response.status}, not JSON`);
    }
    const errorCode = text(body.errorCode);
    if (errorCode !== '' && errorCode !== '0' && !errorCodesAllowed.includes(errorCode)) {
      throw new SberbankError(method, errorCode, text(body.errorMessage));
    }
    if (!response.ok && (errorCode === '' || errorCode === '0')) {
      throw new SberbankUnavailableError(method, `HTTP ${response.status}`);
    }
    return body;
  }

  return {
    async register(input: RegisterOrderInput): Promise<{ orderId: string; formUrl: string }> {
      const body = await call('register', {
        orderNumber: input.orderNumber,
        amount: String(input.amount),
        currency: CURRENCY_RUB,
        returnUrl: input.returnUrl,
        failUrl: input.failUrl,
        description: input.description,
        language: 'ru',
        clientId: input.clientId,
        bindingId: input.bindingId,
        features: input.features?.join(';'),
        email: input.email,
        sessionTimeoutSecs:
          input.sessionTimeoutSecs === undefined ? undefined : String(input.sessionTimeoutSecs),
        jsonParams: input.jsonParams && JSON.stringify(input.jsonParams),
        orderBundle: input.orderBundle && JSON.stringify(input.orderBundle),
        taxSystem: input.taxSystem === undefined ? undefined : String(input.taxSystem),
      });
      const orderId = text(body.orderId);
      if (orderId === '') throw new SberbankUnavailableError('register', 'no orderId');
      return { orderId, formUrl: text(body.formUrl) };
    },

    async orderStatus(orderId: string): Promise<OrderStatus> {
      return readStatus(await call('getOrderStatusExtended', { orderId, language: 'ru' }));
    },

    /** For an order whose register answer never came: the bank knows it by our number, if at all. */
    async orderStatusByNumber(orderNumber: string): Promise<OrderStatus> {
      return readStatus(await call('getOrderStatusExtended', { orderNumber, language: 'ru' }));
    },

    async reverse(orderId: string): Promise<void> {
      await call('reverse', { orderId });
    },

    async refund(orderId: string, amount: number): Promise<void> {
      await call('refund', { orderId, amount: String(amount) });
    },

    /** errorCode 2 means the client has no saved cards: an empty list, not an error. */
    async bindings(clientId: string): Promise<Binding[]> {
      const body = await call('getBindings', { clientId }, ['2']);
      const list = Array.isArray(body.bindings) ? body.bindings : [];
      return list.map((item) => {
        const b = record(item);
        return {
          bindingId: text(b.bindingId),
          maskedPan: text(b.maskedPan),
          expiryDate: text(b.expiryDate),
        };
      });
    },

    async unbindCard(bindingId: string): Promise<void> {
      await call('unBindCard', { bindingId });
    },

    async payWithBinding(input: {
      mdOrder: string;
      bindingId: string;
      ip: string;
    }): Promise<BindingPayment> {
      const body = await call('paymentOrderBinding', input);
      const acsUrl = text(body.acsUrl);
      if (acsUrl !== '') return { outcome: 'needs-3ds', acsUrl };
      return { outcome: 'done', info: text(body.info) };
    },
  };
}

export type SberbankClient = ReturnType<typeof createSberbankClient>;
