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

// Response schemas (and zod) load beside the first request, outside the landing's initial JavaScript
// (issue 2 budget); every response is still checked against the contract.
const schemas = () => import('@contract/api/catalog');

/** `GET …?page=N` answers: one page of items and where it is in the list. */
export interface Paged<T> {
  data: T[];
  meta: PaginationMeta;
}

async function getParsed<T>(
  url: string,
  parse: (module: Awaited<ReturnType<typeof schemas>>, body: unknown) => T,
  params?: Record<string, unknown>,
): Promise<T> {
  const [response, module] = await Promise.all([api.get<unknown>(url, { params }), schemas()]);
  return parse(module, response.data);
}

export const catalogKeys = {
  regions: ['regions'] as const,
  ageGroups: ['age-groups'] as const,
  subscriptions: (page: number) => ['store', 'subscriptions', page] as const,
  gifts: (page: number) => ['store', 'gifts', page] as const,
  additionalPrograms: ['store', 'additional-programs'] as const,
};

export function fetchRegions(): Promise<Region[]> {
  return getParsed('regions', (m, body) => m.regionsResponse.parse(body).data);
}

export function fetchAgeGroups(): Promise<AgeGroup[]> {
  return getParsed('age-groups', (m, body) => m.ageGroupsResponse.parse(body).data);
}

export function fetchSubscriptions(
  page: number = DEFAULT_LIST_PAGE,
): Promise<Paged<SubscriptionItem>> {
  return getParsed('store/web/subscriptions', (m, body) => m.subscriptionsResponse.parse(body), {
    page,
  });
}

export function fetchGifts(page: number = DEFAULT_LIST_PAGE): Promise<Paged<GiftItem>> {
  return getParsed('store/web/gifts', (m, body) => m.giftsResponse.parse(body), { page });
}

export function fetchAdditionalPrograms(): Promise<AdditionalProgramItem[]> {
  return getParsed(
    'store/web/additional-programs',
    (m, body) => m.additionalProgramsResponse.parse(body).data,
  );
}

// Reference lists and the catalogue are fetched once per page life (SPEC §4: "additional items are fetched
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
