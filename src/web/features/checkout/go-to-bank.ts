import { registerOrder, type OrderRequest } from '../../api/store';
import { writeLastPayAfter } from './pay-after';

/**
 * Registers the order and leaves for the bank's payment page. The bank sends the parent back to
 * /successful-payment or /fail-payment with `orderId`; the modal there asks the server what happened.
 * Throws what the server answered (a Russian message) when the order could not be registered.
 */
export async function goToBank(request: OrderRequest, now: Date = new Date()): Promise<void> {
  const order = await registerOrder(request);
  writeLastPayAfter({
    kind: request.kind,
    order_id: order.order_id,
    started_at: now.toISOString(),
  });
  window.location.assign(order.form_url);
}
