import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BoughtGift,
  ChildSlotsInfo,
  OrderState,
  PaymentHistoryItem,
  Promocode,
  Purchase,
  PurchaseType,
  RegisteredOrder,
} from '@contract/api/store';
import type { FamilySubscription } from '@contract/api/subscriptions';
import { api } from './client';
import { refreshProfile } from './profile';

// The answers' types are the contract's schemas (z.infer), so the screens read what the server sends.
export type {
  BoughtGift,
  ChildSlotsInfo,
  OrderState,
  PaymentHistoryItem,
  Promocode,
  Purchase,
  PurchaseType,
  RegisteredOrder,
} from '@contract/api/store';

/** What each register/* call of docs/PRODUCT.md «Product rules» takes. */
export type OrderRequest =
  | { kind: 'subscription'; purchase_id: number; promo_id?: number | null; recurrent: boolean }
  | { kind: 'gift'; purchase_id: number; promo_id?: number | null }
  | { kind: 'child-slot'; purchase_id: number }
  | { kind: 'weeks'; child_id: number; weeks: number[] }
  | {
      kind: 'additional-program';
      purchase_id: number;
      promo_id?: number | null;
      childIds: number[];
    };

const ORDER_PATHS: Record<OrderRequest['kind'], string> = {
  subscription: 'payments/sberbank/register/subscription-order',
  gift: 'payments/sberbank/register/gift-order',
  'child-slot': 'payments/sberbank/register/child-slot-order',
  weeks: 'payments/sberbank/register/weeks-order',
  'additional-program': 'payments/sberbank/register/additional-program-order',
};

export const storeKeys = {
  gifts: ['store', 'gift'] as const,
  slots: ['store', 'slot-purchases'] as const,
  payments: ['store', 'payments'] as const,
  orderState: (orderId: string) => ['payments', 'order-state', orderId] as const,
};

/**
 * Every screen that starts a purchase shows a failure next to its button (a modal would otherwise be
 * replaced by the global error and the parent's choice lost).
 */
export async function initializePurchase(body: {
  ids: number[];
  type: Exclude<PurchaseType, 'weeks'>;
  purchase_id?: number | null;
}): Promise<Purchase> {
  return (
    await api.post<{ data: Purchase }>('store/purchase-initialization', body, {
      handlesErrors: true,
    })
  ).data.data;
}

/** docs/ARCHITECTURE.md «Error codes»: the promo field shows its own errors (the url is in the list of self-handled ones). */
export async function checkPromocode(body: {
  code: string;
  type?: PurchaseType;
  ids?: number[];
  purchase_id?: number;
}): Promise<Promocode> {
  return (await api.post<{ data: Promocode }>('store/web/promocode', body, { handlesErrors: true }))
    .data.data;
}

export async function registerOrder(request: OrderRequest): Promise<RegisteredOrder> {
  const { kind, ...body } = request;
  return (
    await api.post<{ data: RegisteredOrder }>(ORDER_PATHS[kind], body, { handlesErrors: true })
  ).data.data;
}

export async function fetchOrderState(orderId: string): Promise<OrderState> {
  return (
    await api.post<{ data: OrderState }>(
      'payments/sberbank/get-order-state',
      { order_id: orderId },
      { handlesErrors: true },
    )
  ).data.data;
}

export async function fetchBoughtGifts(): Promise<BoughtGift[]> {
  return (await api.get<{ data: BoughtGift[] }>('store/gift')).data.data;
}

export async function toggleGift(body: { id: number; is_active: boolean }): Promise<BoughtGift> {
  return (await api.post<{ data: BoughtGift }>('store/gift/toggle', body)).data.data;
}

export async function sendGift(body: { id: number; email: string }): Promise<BoughtGift> {
  return (
    await api.post<{ data: BoughtGift }>('store/web/gift/send', body, { handlesErrors: true })
  ).data.data;
}

/** A gift certificate's code: the family's subscription it started. */
export async function activateCertificate(code: string): Promise<FamilySubscription> {
  return (
    await api.post<{ data: FamilySubscription }>(
      'store/subscription/activate',
      { code },
      { handlesErrors: true },
    )
  ).data.data;
}

export async function fetchChildSlots(): Promise<ChildSlotsInfo> {
  return (await api.get<{ data: ChildSlotsInfo }>('store/slot-purchases')).data.data;
}

export async function fetchPayments(): Promise<PaymentHistoryItem[]> {
  return (await api.get<{ data: PaymentHistoryItem[] }>('store/payments')).data.data;
}

export function useBoughtGifts() {
  return useQuery({ queryKey: storeKeys.gifts, queryFn: fetchBoughtGifts });
}

export function useChildSlots(enabled = true) {
  return useQuery({ queryKey: storeKeys.slots, queryFn: fetchChildSlots, enabled });
}

export function usePayments() {
  return useQuery({ queryKey: storeKeys.payments, queryFn: fetchPayments });
}

/** A change to one gift (switched, sent), written into «Мои подарки» without asking again. */
function useGiftChange<B>(change: (body: B) => Promise<BoughtGift>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (gift) =>
      client.setQueryData<BoughtGift[]>(storeKeys.gifts, (list) =>
        list?.map((item) => (item.id === gift.id ? gift : item)),
      ),
  });
}

export const useToggleGift = () => useGiftChange(toggleGift);
export const useSendGift = () => useGiftChange(sendGift);

export function useActivateCertificate() {
  return useMutation({
    mutationFn: activateCertificate,
    onSuccess: () => void refreshProfile(),
  });
}
