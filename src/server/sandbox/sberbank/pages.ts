// The payer's side of the sandbox gateway: the payment page of formUrl and the 3-D Secure page. A form's
// POST changes the order and answers 303 to the shop (returnUrl on success, failUrl on a decline or
// «Отменить»), as the bank does; bad card input re-shows the form with the reason and changes nothing.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { stringFields } from '../oauth/fields';
import { sendPage } from '../index-pages';
import { THREE_DS_CODE, cardByMask, checkCard } from './cards';
import { ACTION, ORDER_STATUS } from './codes';
import {
  chargeCard,
  completePayment,
  declineOrder,
  failureUrl,
  isPayable,
  isProcessing,
  settle,
  successUrl,
  type CardOnFile,
  type Gateway,
} from './orders';
import { ACS_PATH, PAYMENT_PAGE_PATH, acsPageUrl } from './paths';
import {
  orderNotFoundPage,
  orderStatePage,
  paymentCsp,
  paymentPage,
  threeDsPage,
  type CardFormState,
} from './payment-page';
import { findOrderById, type GatewayOrder } from './store';

function origins(order: GatewayOrder): string[] {
  return [order.returnUrl, order.failUrl ?? order.returnUrl].map((url) => new URL(url).origin);
}

function send(reply: FastifyReply, order: GatewayOrder, page: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', paymentCsp(origins(order)))
    .send(page);
}

const notFound = (reply: FastifyReply) => sendPage(reply.status(404), orderNotFoundPage());

/** What the page shows for an order in any state. */
function showOrder(gw: Gateway, reply: FastifyReply, order: GatewayOrder, form?: CardFormState) {
  if (isPayable(order)) {
    return send(reply, order, paymentPage(gw.base, order, form), form?.error ? 422 : 200);
  }
  if (isProcessing(order)) {
    return send(
      reply,
      order,
      orderStatePage({
        order,
        title: 'Банк не ответил',
        text:
          'Банк, выпустивший карту, не ответил вовремя, и платёж остался в обработке. ' +
          'Не оплачивайте заказ ещё раз: магазин узнает результат сам.',
        backUrl: successUrl(order),
      }),
    );
  }
  switch (order.orderStatus) {
    case ORDER_STATUS.threeDs:
      return reply.redirect(acsPageUrl(gw.base, order.orderId), 303);
    case ORDER_STATUS.declined: {
      const expired = order.actionCode === ACTION.sessionExpired.code;
      const cancelled = order.actionCode === ACTION.cancelled.code;
      return send(
        reply,
        order,
        orderStatePage({
          order,
          title: expired
            ? 'Время на оплату истекло'
            : cancelled
              ? 'Оплата отменена'
              : 'Оплата не прошла',
          text: expired
            ? 'Заказ больше нельзя оплатить. Вернитесь в магазин и начните оплату заново.'
            : cancelled
              ? 'Деньги не списаны. Вернитесь в магазин, чтобы выбрать другой способ оплаты.'
              : `${order.actionCodeDescription}. Деньги не списаны.`,
          backUrl: failureUrl(order),
        }),
      );
    }
    default:
      return send(
        reply,
        order,
        orderStatePage({
          order,
          title: 'Заказ уже оплачен',
          text: 'Платёж по этому заказу уже проведён, повторно платить не нужно.',
          backUrl: successUrl(order),
        }),
      );
  }
}

/** The order a page request names by mdOrder, with an expired session already declined. */
async function pageOrder(gw: Gateway, mdOrder: string | undefined): Promise<GatewayOrder | null> {
  if (mdOrder === undefined || mdOrder === '') return null;
  const order = await findOrderById(gw.db, mdOrder);
  return order ? settle(gw, order) : null;
}

/** Lost a race to another request: show the order as that one left it. */
async function showFresh(gw: Gateway, reply: FastifyReply, order: GatewayOrder) {
  const fresh = await pageOrder(gw, order.orderId);
  return fresh ? showOrder(gw, reply, fresh) : notFound(reply);
}

/** The card already on an order (entered before 3-D Secure). */
function cardOf(order: GatewayOrder): CardOnFile {
  return {
    kind: cardByMask(order.maskedPan)?.kind ?? 'three-ds',
    maskedPan: order.maskedPan ?? '',
    expiration: order.expiration ?? '',
    cardholderName: order.cardholderName ?? 'CARDHOLDER',
    paymentSystem: order.paymentSystem ?? '',
  };
}

export function registerPaymentPages(app: FastifyInstance, gw: Gateway): void {
  app.get(PAYMENT_PAGE_PATH, async (request, reply) => {
    const order = await pageOrder(gw, stringFields(request.query).mdOrder);
    return order ? showOrder(gw, reply, order) : notFound(reply);
  });

  app.post(PAYMENT_PAGE_PATH, async (request, reply) => {
    const form = stringFields(request.body);
    const order = await pageOrder(gw, form.mdOrder);
    if (!order) return notFound(reply);
    if (!isPayable(order)) return showOrder(gw, reply, order);

    if (form.action === 'cancel') {
      const cancelled = await declineOrder(gw, order, ACTION.cancelled, [ORDER_STATUS.registered]);
      return cancelled ? reply.redirect(failureUrl(cancelled), 303) : showFresh(gw, reply, order);
    }

    const check = checkCard(form, gw.clock());
    if (!check.ok) {
      return showOrder(gw, reply, order, {
        values: { pan: form.pan, expiry: form.expiry, cardholder: form.cardholder },
        error: { field: check.field, message: check.message },
      });
    }
    const { card, ...details } = check.accepted;
    const changed = await chargeCard(gw, order, {
      kind: card.kind,
      paymentSystem: card.paymentSystem,
      ...details,
    });
    if (!changed) return showFresh(gw, reply, order);
    switch (card.kind) {
      case 'success':
        return reply.redirect(successUrl(changed), 303);
      case 'three-ds':
        return reply.redirect(acsPageUrl(gw.base, changed.orderId), 303);
      case 'declined':
        return reply.redirect(failureUrl(changed), 303);
      case 'timeout':
        return showOrder(gw, reply, changed);
    }
  });

  app.get(ACS_PATH, async (request, reply) => {
    const order = await pageOrder(gw, stringFields(request.query).mdOrder);
    if (!order) return notFound(reply);
    if (order.orderStatus !== ORDER_STATUS.threeDs) return showOrder(gw, reply, order);
    return send(reply, order, threeDsPage(gw.base, order));
  });

  app.post(ACS_PATH, async (request, reply) => {
    const form = stringFields(request.body);
    const order = await pageOrder(gw, form.mdOrder);
    if (!order) return notFound(reply);
    if (order.orderStatus !== ORDER_STATUS.threeDs) return showOrder(gw, reply, order);
    const from = [ORDER_STATUS.threeDs];

    if (form.action === 'cancel') {
      const cancelled = await declineOrder(gw, order, ACTION.cancelled, from);
      return cancelled ? reply.redirect(failureUrl(cancelled), 303) : showFresh(gw, reply, order);
    }
    const code = (form.code ?? '').trim();
    // Not a code at all (empty, letters): say so and keep the order waiting, as for a mistyped card.
    if (!/^\d{8}$/.test(code)) return send(reply, order, threeDsPage(gw.base, order, true), 422);
    if (code !== THREE_DS_CODE) {
      const declined = await declineOrder(gw, order, ACTION.threeDsFailed, from);
      return declined ? reply.redirect(failureUrl(declined), 303) : showFresh(gw, reply, order);
    }
    const paid = await completePayment(gw, order, cardOf(order), ORDER_STATUS.threeDs);
    return paid ? reply.redirect(successUrl(paid), 303) : showFresh(gw, reply, order);
  });
}
