import type { Purchase } from '@contract/api/store';
import { api } from '../../api/client';
import { errorMessage, fieldErrors } from '../../api/interceptors';

/**
 * POST store/purchase-initialization for the purchases started inside a modal or a page section. The
 * shared `initializePurchase` leaves failures to the global error modal, which would replace the purchase
 * modal and lose the parent's choice; here the screen shows the server's words next to the button.
 */
export async function startPurchase(body: {
  ids: number[];
  type: 'child-slot' | 'additional-program';
}): Promise<Purchase> {
  return (
    await api.post<{ data: Purchase }>('store/purchase-initialization', body, {
      handlesErrors: true,
    })
  ).data.data;
}

/** What a parent reads when a purchase could not start: the field's own error first (422), else the message. */
export function purchaseProblem(error: unknown): string {
  const [first] = Object.values(fieldErrors(error));
  return first ?? errorMessage(error);
}
