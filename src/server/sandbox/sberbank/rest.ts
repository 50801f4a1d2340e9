// The REST methods of the sandbox gateway, `<method>.do` as the bank names them: POST form (GET query
// accepted too), credentials as parameters, business errors as HTTP 200 with `{errorCode, errorMessage}`.
// Only the subset the school's client (integrations/sberbank/client.ts) uses; see README.md.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { stringFields, type Form } from '../oauth/fields';
import { cardByMask, type CardKind } from './cards';
import { ERRORS, ORDER_STATUS, PAYMENT_STATE, badParam, type GatewayError } from './codes';
import {
  chargeCard,
  isPayable,
  isProcessing,
  refundOrder,
  reverseOrder,
  settle,
  successUrl,
  type CardOnFile,
  type Gateway,
} from './orders';
import { checkJsonParams, checkOrderBundle, isBrowserUrl, kopecks } from './params';
import { ACS_PATH, REST_PATH, acsPageUrl, paymentPageUrl } from './paths';
import {
  deactivateBinding,
  findActiveBinding,
  findOrder,
  insertOrder,
  listBindings,
  type GatewayBinding,
  type GatewayOrder,
} from './store';

type Answer = Record<string, unknown>;
/** `gone` is aborted when the caller's connection closes before the answer. */
type Method = (gw: Gateway, userName: string, p: Form, gone: AbortSignal) => Promise<Answer>;

const SUCCESS = { errorCode: '0', errorMessage: 'Успешно' };
const DEFAULT_SESSION_SECS = 1200;
const MAX_SESSION_SECS = 30 * 24 * 3600;
const MAX_ORDER_NUMBER = 32;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time: the merchant's password is compared by digest, never char by char. */
function sameSecret(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * With the hang flag on, a call about an order the timeout card left in processing answers late — or
 * never, when the caller gives up first: the wait ends with the caller's connection.
 */
async function hangIfProcessing(
  gw: Gateway,
  order: GatewayOrder,
  gone: AbortSignal,
): Promise<void> {
  if (gw.hangMs <= 0 || !isProcessing(order)) return;
  await sleep(gw.hangMs, undefined, { signal: gone }).catch(() => {});
}

function tooLong(p: Form, limits: Record<string, number>): GatewayError | null {
  for (const [name, max] of Object.entries(limits)) {
    if ((p[name]?.length ?? 0) > max) return badParam(`Параметр ${name} длиннее ${max} символов`);
  }
  return null;
}

const register: Method = async (gw, userName, p) => {
  const orderNumber = p.orderNumber?.trim() ?? '';
  if (orderNumber === '') return badParam('Номер заказа (orderNumber) не может быть пуст');
  if (orderNumber.length > MAX_ORDER_NUMBER) {
    return badParam(`Номер заказа длиннее ${MAX_ORDER_NUMBER} символов`);
  }
  if (p.amount === undefined || p.amount.trim() === '') {
    return badParam('Сумма заказа (amount) не может быть пустой');
  }
  const amount = kopecks(p.amount.trim());
  if (amount === null)
    return badParam('Неверная сумма заказа: нужно целое число копеек больше нуля');
  if (p.currency !== undefined && p.currency.trim() !== '643') return ERRORS.currency;
  const returnUrl = p.returnUrl?.trim() ?? '';
  if (returnUrl === '') return badParam('Адрес возврата (returnUrl) не может быть пуст');
  if (!isBrowserUrl(returnUrl)) return badParam('Неверный адрес возврата (returnUrl)');
  const failUrl = p.failUrl?.trim() || null;
  if (failUrl !== null && !isBrowserUrl(failUrl)) {
    return badParam('Неверный адрес при ошибке оплаты (failUrl)');
  }
  const long = tooLong(p, { description: 512, clientId: 255, email: 254, phone: 32 });
  if (long) return long;

  let sessionSecs = DEFAULT_SESSION_SECS;
  if (p.sessionTimeoutSecs !== undefined) {
    sessionSecs = /^\d{1,8}$/.test(p.sessionTimeoutSecs) ? Number(p.sessionTimeoutSecs) : 0;
    if (sessionSecs < 1 || sessionSecs > MAX_SESSION_SECS) {
      return badParam(`sessionTimeoutSecs — целое число секунд от 1 до ${MAX_SESSION_SECS}`);
    }
  }
  const features = (p.features ?? '')
    .split(';')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (features.some((f) => !/^[A-Z_]{1,32}$/.test(f)) || features.length > 10) {
    return badParam('Неверный список features: названия через «;», например AUTO_PAYMENT');
  }
  let jsonParams: Record<string, string> | null = null;
  if (p.jsonParams !== undefined) {
    const checked = checkJsonParams(p.jsonParams);
    if (!checked.ok) return badParam(checked.message);
    jsonParams = checked.value;
  }
  let orderBundle: Record<string, unknown> | null = null;
  if (p.orderBundle !== undefined) {
    const checked = checkOrderBundle(p.orderBundle, amount);
    if (!checked.ok) return badParam(checked.message);
    orderBundle = checked.value;
  }
  if (p.taxSystem !== undefined && !/^[0-5]$/.test(p.taxSystem.trim())) {
    return badParam('Неверная система налогообложения (taxSystem): число от 0 до 5');
  }
  let clientId = p.clientId?.trim() || null;
  if (p.bindingId !== undefined) {
    // A renewal names the saved card at registration; it must be the client's and still active.
    const binding = await findActiveBinding(gw.db, userName, p.bindingId);
    if (!binding || (clientId !== null && binding.clientId !== clientId)) {
      return ERRORS.bindingNotFound;
    }
    clientId = binding.clientId;
  }

  const now = gw.clock();
  const order = await insertOrder(gw.db, {
    orderId: randomUUID(),
    userName,
    orderNumber,
    amount,
    currency: '643',
    returnUrl,
    failUrl,
    description: p.description?.trim() || null,
    clientId,
    features: features.length > 0 ? features.join(';') : null,
    email: p.email?.trim() || null,
    jsonParams,
    orderBundle,
    orderStatus: ORDER_STATUS.registered,
    actionCode: -100,
    actionCodeDescription: 'Не было попыток оплаты',
    expiresAt: new Date(now.getTime() + sessionSecs * 1000),
    createdAt: now,
    updatedAt: now,
  });
  if (!order) return ERRORS.duplicateOrder;
  return { orderId: order.orderId, formUrl: paymentPageUrl(gw.base, order.orderId) };
};

/** The order a call names: orderId, else orderNumber (getOrderStatusExtended accepts either). */
async function namedOrder(
  gw: Gateway,
  userName: string,
  p: Form,
  allowNumber: boolean,
): Promise<GatewayOrder | GatewayError> {
  const orderId = p.orderId?.trim() || undefined;
  const orderNumber = allowNumber ? p.orderNumber?.trim() || undefined : undefined;
  if (orderId === undefined && orderNumber === undefined) {
    return badParam(
      allowNumber ? 'Укажите orderId или orderNumber' : 'Номер заказа (orderId) не может быть пуст',
    );
  }
  const order = await findOrder(gw.db, userName, { orderId, orderNumber });
  return order ? settle(gw, order) : ERRORS.orderNotFound;
}

const isError = (value: GatewayOrder | GatewayError): value is GatewayError => 'errorCode' in value;

function statusAnswer(order: GatewayOrder): Answer {
  const wasPaid = [1, 2, 3, 4].includes(order.orderStatus);
  return {
    ...SUCCESS,
    orderNumber: order.orderNumber,
    orderStatus: order.orderStatus,
    actionCode: order.actionCode,
    actionCodeDescription: order.actionCodeDescription,
    amount: order.amount,
    currency: order.currency,
    date: order.createdAt.getTime(),
    orderDescription: order.description ?? '',
    merchantOrderParams: Object.entries(order.jsonParams ?? {}).map(([name, value]) => ({
      name,
      value,
    })),
    attributes: [{ name: 'mdOrder', value: order.orderId }],
    ...(order.maskedPan !== null && {
      cardAuthInfo: {
        maskedPan: order.maskedPan,
        pan: order.maskedPan,
        expiration: order.expiration ?? '',
        cardholderName: order.cardholderName ?? '',
        paymentSystem: order.paymentSystem ?? '',
      },
    }),
    ...(wasPaid &&
      order.bindingId !== null &&
      order.clientId !== null && {
        bindingInfo: { clientId: order.clientId, bindingId: order.bindingId },
      }),
    paymentAmountInfo: {
      paymentState: PAYMENT_STATE[order.orderStatus] ?? 'CREATED',
      approvedAmount: order.approvedAmount,
      depositedAmount: order.depositedAmount,
      refundedAmount: order.refundedAmount,
    },
  };
}

const getOrderStatusExtended: Method = async (gw, userName, p, gone) => {
  const order = await namedOrder(gw, userName, p, true);
  if (isError(order)) return order;
  await hangIfProcessing(gw, order, gone);
  return statusAnswer(order);
};

const reverse: Method = async (gw, userName, p, gone) => {
  const order = await namedOrder(gw, userName, p, false);
  if (isError(order)) return order;
  await hangIfProcessing(gw, order, gone);
  return (await reverseOrder(gw, order)) ? SUCCESS : ERRORS.wrongState;
};

const refund: Method = async (gw, userName, p, gone) => {
  const order = await namedOrder(gw, userName, p, false);
  if (isError(order)) return order;
  const amount = kopecks(p.amount?.trim() ?? '');
  if (amount === null) return badParam('Неверная сумма возврата: целое число копеек больше нуля');
  await hangIfProcessing(gw, order, gone);
  if (order.orderStatus !== ORDER_STATUS.deposited) return ERRORS.wrongState;
  if (order.refundedAmount + amount > order.depositedAmount) {
    return { errorCode: '7', errorMessage: 'Сумма возврата превышает сумму списания' };
  }
  return (await refundOrder(gw, order, amount)) ? SUCCESS : ERRORS.wrongState;
};

const bindingAnswer = (b: GatewayBinding) => ({
  bindingId: b.bindingId,
  maskedPan: b.maskedPan,
  expiryDate: b.expiryDate,
  clientId: b.clientId,
});

const getBindings: Method = async (gw, userName, p) => {
  const clientId = p.clientId?.trim() ?? '';
  if (clientId === '') return badParam('Идентификатор клиента (clientId) не может быть пуст');
  if (clientId.length > 255) return ERRORS.noBindings;
  const bindings = await listBindings(gw.db, userName, clientId);
  if (bindings.length === 0) return ERRORS.noBindings;
  return { ...SUCCESS, bindings: bindings.map(bindingAnswer) };
};

const unBindCard: Method = async (gw, userName, p) => {
  const bindingId = p.bindingId?.trim() ?? '';
  if (bindingId === '') return badParam('Идентификатор связки (bindingId) не может быть пуст');
  return (await deactivateBinding(gw.db, userName, bindingId)) ? SUCCESS : ERRORS.bindingNotFound;
};

const CARD_KINDS: readonly CardKind[] = ['success', 'three-ds', 'declined', 'timeout'];
const cardKindOf = (value: string): CardKind | null =>
  CARD_KINDS.find((kind) => kind === value) ?? null;

const PROCESSED = 'Ваш платёж обработан, происходит переадресация...';

const paymentOrderBinding: Method = async (gw, userName, p, gone) => {
  const mdOrder = p.mdOrder?.trim() ?? '';
  const bindingId = p.bindingId?.trim() ?? '';
  if (mdOrder === '') return badParam('Номер заказа (mdOrder) не может быть пуст');
  if (bindingId === '') return badParam('Идентификатор связки (bindingId) не может быть пуст');
  if ((p.ip?.trim() ?? '') === '') return badParam('Не указан IP-адрес плательщика (ip)');
  const found = await findOrder(gw.db, userName, { orderId: mdOrder });
  if (!found) return ERRORS.orderNotFound;
  const order = await settle(gw, found);
  if (!isPayable(order)) {
    await hangIfProcessing(gw, order, gone);
    return ERRORS.wrongState;
  }
  const binding = await findActiveBinding(gw.db, userName, bindingId);
  if (!binding || binding.clientId !== order.clientId) return ERRORS.bindingNotFound;
  const kind = cardKindOf(binding.cardKind);
  if (kind === null) return ERRORS.bindingNotFound;
  const card: CardOnFile = {
    kind,
    maskedPan: binding.maskedPan,
    expiration: binding.expiryDate,
    cardholderName: 'CARDHOLDER',
    paymentSystem: cardByMask(binding.maskedPan)?.paymentSystem ?? 'VISA',
  };
  const changed = await chargeCard(gw, order, card, binding.bindingId);
  if (!changed) return ERRORS.wrongState;
  switch (kind) {
    case 'success':
      return { errorCode: '0', redirect: successUrl(changed), info: PROCESSED };
    case 'three-ds':
      return {
        errorCode: '0',
        info: PROCESSED,
        acsUrl: acsPageUrl(gw.base, changed.orderId),
        paReq: Buffer.from(`sandbox-pareq:${changed.orderId}`).toString('base64'),
        termUrl: `${gw.base}${ACS_PATH}`,
      };
    case 'declined':
      return ERRORS.bindingDeclined;
    case 'timeout':
      await hangIfProcessing(gw, changed, gone);
      return ERRORS.issuerTimeout;
  }
};

const METHODS: Record<string, Method> = {
  register,
  getOrderStatusExtended,
  reverse,
  refund,
  getBindings,
  unBindCard,
  paymentOrderBinding,
};

export const REST_METHODS = Object.keys(METHODS);

/** `<method>.do` for each method; a request without the merchant's credentials gets errorCode 5. */
export function registerRestMethods(
  app: FastifyInstance,
  gw: Gateway,
  merchant: { username: string; password: string },
): void {
  for (const [name, method] of Object.entries(METHODS)) {
    app.route({
      method: ['GET', 'POST'],
      url: `${REST_PATH}/${name}.do`,
      handler: async (request, reply) => {
        // Body over query: the bank's clients post forms; a GET brings its parameters in the query.
        const p: Form = { ...stringFields(request.query), ...stringFields(request.body) };
        reply.header('cache-control', 'no-store');
        if (p.userName !== merchant.username || !sameSecret(p.password, merchant.password)) {
          return ERRORS.accessDenied;
        }
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        return method(gw, merchant.username, p, gone.signal);
      },
    });
  }
}
