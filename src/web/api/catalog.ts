import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_LIST_PAGE } from '@contract/constants';
import type {
  AdditionalProgramItem,
  AgeGroup,
  GiftItem,
  Region,
  SubscriptionItem,
} from '@contract/api/catalog';
import type { PaginationMeta } from '@contract/api/common';
import { api } from './client';

/** `GET …?page=N` answers: one page of items and where it is in the list. */
export interface Paged<T> {
  data: T[];
  meta: PaginationMeta;
}

// Responses are typed by the contract, not parsed again here: the server checks every answer against the
// same schemas on its way out (docs/ARCHITECTURE.md, «The web app»), and zod stays off the landing.
async function getData<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  return (await api.get<T>(url, { params })).data;
}

export const catalogKeys = {
  regions: ['regions'] as const,
  ageGroups: ['age-groups'] as const,
  subscriptions: (page: number) => ['store', 'subscriptions', page] as const,
  gifts: (page: number) => ['store', 'gifts', page] as const,
  additionalPrograms: ['store', 'additional-programs'] as const,
};

export function fetchRegions(): Promise<Region[]> {
  return getData<{ data: Region[] }>('regions').then((body) => body.data);
}

export function fetchAgeGroups(): Promise<AgeGroup[]> {
  return getData<{ data: AgeGroup[] }>('age-groups').then((body) => body.data);
}

export function fetchSubscriptions(
  page: number = DEFAULT_LIST_PAGE,
): Promise<Paged<SubscriptionItem>> {
  return getData<Paged<SubscriptionItem>>('store/web/subscriptions', { page });
}

export function fetchGifts(page: number = DEFAULT_LIST_PAGE): Promise<Paged<GiftItem>> {
  return getData<Paged<GiftItem>>('store/web/gifts', { page });
}

export function fetchAdditionalPrograms(): Promise<AdditionalProgramItem[]> {
  return getData<{ data: AdditionalProgramItem[] }>('store/web/additional-programs').then(
    (body) => body.data,
  );
}

// Reference lists and the catalogue are fetched once per page life (docs/PRODUCT.md «Product rules»: "additional items are fetched
// once unless forced" — forcing is `refetch()` or invalidating the key).
const ONCE = { staleTime: Infinity } as const;

export function useRegions() {
  return useQuery({ queryKey: catalogKeys.regions, queryFn: fetchRegions, ...ONCE });
}

export function useAgeGroups() {
  return useQuery({ queryKey: catalogKeys.ageGroups, queryFn: fetchAgeGroups, ...ONCE });
}

/** One page of tariffs: `{ data, meta }`. */
export function useSubscriptions(page: number = DEFAULT_LIST_PAGE) {
  return useQuery({
    queryKey: catalogKeys.subscriptions(page),
    queryFn: () => fetchSubscriptions(page),
    placeholderData: keepPreviousData,
    ...ONCE,
  });
}

/** One page of gift tariffs (sorted by duration on the server): `{ data, meta }`. */
export function useGifts(page: number = DEFAULT_LIST_PAGE) {
  return useQuery({
    queryKey: catalogKeys.gifts(page),
    queryFn: () => fetchGifts(page),
    placeholderData: keepPreviousData,
    ...ONCE,
  });
}

export function useAdditionalPrograms() {
  return useQuery({
    queryKey: catalogKeys.additionalPrograms,
    queryFn: fetchAdditionalPrograms,
    ...ONCE,
  });
}
