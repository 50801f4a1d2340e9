// What happens to an order, shared by the payment page, the 3-D Secure page and the REST methods: paid,
// declined, waiting for 3-D Secure, stuck in processing, expired, reversed, refunded. Each change is
// conditional on the status it leaves (store.ts) and sends its callback only when it really happened.
import type { Database } from '../../db/client';
import type { Clock } from '../../deps';
import type { Notify } from './callbacks';
import { TIMEOUT_CARD_MASK, type CardKind } from './cards';
import { ACTION, ORDER_STATUS, type ActionCode } from './codes';
import { changeOrder, findOrderById, saveBinding, type GatewayOrder } from './store';

export interface Gateway {
  db: Database;
  clock: Clock;
  /** Absolute base of the sandbox's own pages: `${publicUrl}/sandbox/sberbank`. */
  base: string;
  notify: Notify;
  /** See SberbankSandboxOptions.timeoutCardHangMs; 0 = off. */
  hangMs: number;
}

/** A card as the order records it: typed on the page, or the card behind a saved binding. */
export interface CardOnFile {
  kind: CardKind;
  maskedPan: string;
  /** YYYYMM. */
  expiration: string;
  cardholderName: string;
  paymentSystem: string;
}

const { registered, deposited, threeDs, declined } = ORDER_STATUS;

/** The timeout card was entered: the order waits for an issuer that never answers, until it expires. */
export const isProcessing = (order: GatewayOrder) =>
  order.orderStatus === registered && order.maskedPan === TIMEOUT_CARD_MASK;

/** Open for a card: registered, and no card has been entered yet. */
export const isPayable = (order: GatewayOrder) =>
  order.orderStatus === registered && order.maskedPan === null;

const cardColumns = (card: CardOnFile) => ({
  maskedPan: card.maskedPan,
  expiration: card.expiration,
  cardholderName: card.cardholderName,
  paymentSystem: card.paymentSystem,
});

const action = (a: ActionCode) => ({ actionCode: a.code, actionCodeDescription: a.description });

/** `url` + `orderId=…&lang=ru`, keeping its own query and fragment. */
export function withOrderId(url: string, orderId: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const joiner = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  const query = new URLSearchParams({ orderId, lang: 'ru' }).toString();
  return `${base}${joiner}${query}${fragment}`;
}

/** Where the payer goes after a failure: failUrl, or returnUrl when the school gave none. */
export const failureUrl = (order: GatewayOrder) =>
  withOrderId(order.failUrl ?? order.returnUrl, order.orderId);

export const successUrl = (order: GatewayOrder) => withOrderId(order.returnUrl, order.orderId);

/** Re-read after a lost race: the order as the winner left it. */
async function reread(gw: Gateway, order: GatewayOrder): Promise<GatewayOrder> {
  return (await findOrderById(gw.db, order.orderId)) ?? order;
}

/**
 * The order as of now: an unpaid one (registered, processing or in 3-D Secure) whose session has run out
 * is declined here, when someone next looks at it — there is no timer, so any instance can do it.
 */
export async function settle(gw: Gateway, order: GatewayOrder): Promise<GatewayOrder> {
  const now = gw.clock();
  const open = order.orderStatus === registered || order.orderStatus === threeDs;
  if (!open || order.expiresAt > now) return order;
  const changed = await changeOrder(
    gw.db,
    order,
    [registered, threeDs],
    { orderStatus: declined, ...action(ACTION.sessionExpired), updatedAt: now },
    { expiredBy: now },
  );
  if (!changed) return reread(gw, order);
  gw.notify({
    mdOrder: changed.orderId,
    orderNumber: changed.orderNumber,
    operation: 'declinedByTimeout',
    success: false,
    amount: changed.amount,
  });
  return changed;
}

/**
 * Paid and deposited (one-stage payment). A client's card is saved unless it was a saved card already.
 * `from` is registered (a card straight away) or 3-D Secure (after the code).
 */
export async function completePayment(
  gw: Gateway,
  order: GatewayOrder,
  card: CardOnFile,
  from: typeof registered | typeof threeDs,
  usedBindingId?: string,
): Promise<GatewayOrder | null> {
  const now = gw.clock();
  let bindingId = usedBindingId ?? order.bindingId;
  if (bindingId === null && order.clientId !== null) {
    // Saved before the order moves: should the move lose a race, an unused binding is all that is left.
    const binding = await saveBinding(gw.db, {
      userName: order.userName,
      clientId: order.clientId,
      maskedPan: card.maskedPan,
      expiryDate: card.expiration,
      cardKind: card.kind,
      createdAt: now,
    });
    bindingId = binding.bindingId;
  }
  const changed = await changeOrder(
    gw.db,
    order,
    [from],
    {
      orderStatus: deposited,
      ...action(ACTION.approved),
      ...cardColumns(card),
      bindingId,
      approvedAmount: order.amount,
      depositedAmount: order.amount,
      updatedAt: now,
    },
    { noCard: from === registered },
  );
  if (changed) {
    gw.notify({
      mdOrder: changed.orderId,
      orderNumber: changed.orderNumber,
      operation: 'deposited',
      success: true,
      amount: changed.amount,
    });
  }
  return changed;
}

/** Declined (a refusing card, a wrong 3-D Secure code, «Отменить»): the callback reports a failed deposit. */
export async function declineOrder(
  gw: Gateway,
  order: GatewayOrder,
  reason: ActionCode,
  from: readonly number[],
  card?: CardOnFile,
): Promise<GatewayOrder | null> {
  const changed = await changeOrder(
    gw.db,
    order,
    from,
    {
      orderStatus: declined,
      ...action(reason),
      ...(card ? cardColumns(card) : {}),
      updatedAt: gw.clock(),
    },
    // A card's decline applies only to an order nobody has entered a card for yet.
    { noCard: card !== undefined },
  );
  if (changed) {
    gw.notify({
      mdOrder: changed.orderId,
      orderNumber: changed.orderNumber,
      operation: 'deposited',
      success: false,
      amount: changed.amount,
    });
  }
  return changed;
}

/** A card that wants 3-D Secure: status 5 until the code is entered or the session runs out. */
export function startThreeDs(
  gw: Gateway,
  order: GatewayOrder,
  card: CardOnFile,
  usedBindingId?: string,
): Promise<GatewayOrder | null> {
  return changeOrder(
    gw.db,
    order,
    [registered],
    {
      orderStatus: threeDs,
      ...cardColumns(card),
      ...(usedBindingId ? { bindingId: usedBindingId } : {}),
      updatedAt: gw.clock(),
    },
    { noCard: true },
  );
}

/** The timeout card: the order stays registered (unpaid) with the card on it until it expires. */
export function markProcessing(
  gw: Gateway,
  order: GatewayOrder,
  card: CardOnFile,
): Promise<GatewayOrder | null> {
  return changeOrder(
    gw.db,
    order,
    [registered],
    { ...cardColumns(card), ...action(ACTION.processing), updatedAt: gw.clock() },
    { noCard: true },
  );
}

/** Pays with a card that needs nothing more: the outcome its kind dictates. */
export async function chargeCard(
  gw: Gateway,
  order: GatewayOrder,
  card: CardOnFile,
  usedBindingId?: string,
): Promise<GatewayOrder | null> {
  switch (card.kind) {
    case 'success':
      return completePayment(gw, order, card, registered, usedBindingId);
    case 'three-ds':
      return startThreeDs(gw, order, card, usedBindingId);
    case 'declined':
      return declineOrder(gw, order, ACTION.declined, [registered], card);
    case 'timeout':
      return markProcessing(gw, order, card);
  }
}

/** reverse.do: a deposit nothing has been refunded from is cancelled whole. */
export async function reverseOrder(gw: Gateway, order: GatewayOrder): Promise<GatewayOrder | null> {
  if (order.orderStatus !== deposited || order.refundedAmount !== 0) return null;
  const changed = await changeOrder(
    gw.db,
    order,
    [deposited],
    {
      orderStatus: ORDER_STATUS.reversed,
      approvedAmount: 0,
      depositedAmount: 0,
      updatedAt: gw.clock(),
    },
    { refundedAmount: 0 },
  );
  if (changed) {
    gw.notify({
      mdOrder: changed.orderId,
      orderNumber: changed.orderNumber,
      operation: 'reversed',
      success: true,
      amount: order.amount,
    });
  }
  return changed;
}

/** refund.do: part or all of the deposit; status 4 once everything is refunded. */
export async function refundOrder(
  gw: Gateway,
  order: GatewayOrder,
  amount: number,
): Promise<GatewayOrder | null> {
  const refunded = order.refundedAmount + amount;
  if (order.orderStatus !== deposited || refunded > order.depositedAmount) return null;
  const changed = await changeOrder(
    gw.db,
    order,
    [deposited],
    {
      orderStatus: refunded === order.depositedAmount ? ORDER_STATUS.refunded : deposited,
      refundedAmount: refunded,
      updatedAt: gw.clock(),
    },
    // Two refunds racing: only the one that saw the current refunded amount counts.
    { refundedAmount: order.refundedAmount },
  );
  if (changed) {
    gw.notify({
      mdOrder: changed.orderId,
      orderNumber: changed.orderNumber,
      operation: 'refunded',
      success: true,
      amount,
    });
  }
  return changed;
}
