import { registerOrder, type OrderRequest } from '../../api/store';
import { writeLastPayAfter } from './pay-after';

/**
 * Registers the order and leaves for the bank's payment page. The bank sends the parent back to
 * /successful-payment or /fail-payment with `orderId`; the modal there asks the server what happened.
 * Throws what the server answered (a Russian message) when the order could not be registered. Given the
 * sum the parent saw, stays and returns the server's sum when the order came out at another one.
 */
export async function goToBank(
  request: OrderRequest,
  shownAmount?: number,
  now: Date = new Date(),
): Promise<number | null> {
  const order = await registerOrder(request);
  // The parent agreed to the sum on the screen: another one goes back to the screen, not to the bank.
  if (shownAmount !== undefined && order.amount !== shownAmount) return order.amount;
  writeLastPayAfter({
    kind: request.kind,
    order_id: order.order_id,
    order_number: order.order_number,
    started_at: now.toISOString(),
  });
  window.location.assign(order.form_url);
  return null;
}
