// Screen time (docs/PRODUCT.md «Экранное время»): each child's minutes today and whether lessons rest,
// counted by the server. The player writes every report's answer here, so the video page learns at once.
import { useQuery } from '@tanstack/react-query';
import type { ScreenTime } from '@contract/api/screen-time';
import { api } from './client';
import { queryClient } from './query-client';

export type { ScreenTime } from '@contract/api/screen-time';

const screenTimeKey = ['screen-time'] as const;

export function useScreenTime(enabled = true) {
  return useQuery({
    queryKey: screenTimeKey,
    queryFn: async () => (await api.get<{ data: ScreenTime[] }>('profile/screen-time')).data.data,
    enabled,
    // The evening hour comes without a report (nothing plays): asked again now and then.
    refetchInterval: 5 * 60_000,
  });
}

/** One child's state, from a progress report's answer or an extension, written into the cached list. */
export function putScreenTime(state: ScreenTime): void {
  queryClient.setQueryData<ScreenTime[]>(screenTimeKey, (list) =>
    list?.some((item) => item.child_id === state.child_id)
      ? list.map((item) => (item.child_id === state.child_id ? state : item))
      : [...(list ?? []), state],
  );
}

export function refreshScreenTime(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: screenTimeKey });
}

/** POST profile/screen-time/extend: a grown-up's «Ещё 15 минут» for today. */
export async function extendScreenTime(childId: number): Promise<ScreenTime> {
  const response = await api.post<{ data: ScreenTime }>('profile/screen-time/extend', {
    child_id: childId,
  });
  const state = response.data.data;
  putScreenTime(state);
  return state;
}
