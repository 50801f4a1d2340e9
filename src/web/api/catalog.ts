import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_LIST_PAGE } from '@contract/constants';
import {
  additionalProgramsResponse,
  ageGroupsResponse,
  giftsResponse,
  regionsResponse,
  subscriptionsResponse,
} from '@contract/api/catalog';
import { api } from './client';

export const catalogKeys = {
  regions: ['regions'] as const,
  ageGroups: ['age-groups'] as const,
  subscriptions: (page: number) => ['store', 'subscriptions', page] as const,
  gifts: (page: number) => ['store', 'gifts', page] as const,
  additionalPrograms: ['store', 'additional-programs'] as const,
};

export async function fetchRegions() {
  const response = await api.get<unknown>('regions');
  return regionsResponse.parse(response.data).data;
}

export async function fetchAgeGroups() {
  const response = await api.get<unknown>('age-groups');
  return ageGroupsResponse.parse(response.data).data;
}

export async function fetchSubscriptions(page: number = DEFAULT_LIST_PAGE) {
  const response = await api.get<unknown>('store/web/subscriptions', { params: { page } });
  return subscriptionsResponse.parse(response.data);
}

export async function fetchGifts(page: number = DEFAULT_LIST_PAGE) {
  const response = await api.get<unknown>('store/web/gifts', { params: { page } });
  return giftsResponse.parse(response.data);
}

export async function fetchAdditionalPrograms() {
  const response = await api.get<unknown>('store/web/additional-programs');
  return additionalProgramsResponse.parse(response.data).data;
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
