// The video page's calls: the lessons of a program as one child sees them, the player's progress reports
// and the trial. Responses are typed by the contract (the server checks them on the way out).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import type { LessonDownloads, LessonsPage, LessonType } from '@contract/api/lessons';
import type { VideoProgress, VideoProgressBody } from '@contract/api/learning';
import type { SubscriptionItem } from '@contract/api/catalog';
import { api } from '../../api/client';
import { fetchSubscriptions } from '../../api/catalog';
import { queryClient } from '../../api/query-client';
import { refreshProfile } from '../../api/profile';
import { flushReports, queueReport } from './progress-outbox';

export interface LessonsFilter {
  child_id?: number;
  type?: LessonType;
  program?: string;
  week?: number;
}

/** docs/PRODUCT.md: only non-empty filters are sent. */
export function nonEmptyFilters(filter: LessonsFilter): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

const lessonsKey = (filter: LessonsFilter) => ['lessons', nonEmptyFilters(filter)] as const;

export function useLessons(filter: LessonsFilter, enabled: boolean) {
  return useQuery({
    queryKey: lessonsKey(filter),
    queryFn: async () =>
      (await api.get<{ data: LessonsPage }>('profile/lessons', { params: nonEmptyFilters(filter) }))
        .data.data,
    enabled,
    placeholderData: keepPreviousData,
    // Media links are signed for 30 minutes: ask again well before they expire.
    staleTime: 10 * 60_000,
    refetchInterval: 20 * 60_000,
  });
}

export function refreshLessons(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['lessons'] });
}

/** Writes a lesson's progress into every cached page that shows it, without asking the server. */
export function patchLessonProgress(
  lessonId: number,
  progress: { watched_seconds: number; completed: boolean },
): void {
  queryClient.setQueriesData<LessonsPage>({ queryKey: ['lessons'] }, (page) =>
    page
      ? {
          ...page,
          lessons: page.lessons.map((lesson) =>
            lesson.id === lessonId
              ? {
                  ...lesson,
                  progress: {
                    watched_seconds: Math.max(
                      lesson.progress.watched_seconds,
                      progress.watched_seconds,
                    ),
                    completed: lesson.progress.completed || progress.completed,
                  },
                }
              : lesson,
          ),
        }
      : page,
  );
}

/** No answer at all, or the school could not take it now (503): worth sending again later. */
const notThrough = (error: unknown) =>
  isAxiosError(error) && (!error.response || error.response.status >= 500);

async function postProgress(body: VideoProgressBody): Promise<VideoProgress> {
  const response = await api.post<{ data: VideoProgress }>('profile/achievements/video', body, {
    handlesErrors: true,
  });
  return response.data.data;
}

/**
 * POST profile/achievements/video. docs/PRODUCT.md keeps this call's errors out of the global error modal: a lost
 * report must never interrupt a child's lesson, so a failure answers null and nothing is shown. A report that
 * did not get through waits in the outbox for the connection (progress-outbox.ts).
 */
export async function reportVideoProgress(body: VideoProgressBody): Promise<VideoProgress | null> {
  try {
    const answer = await postProgress(body);
    // Through again: what waited goes too.
    void sendWaitingReports();
    return answer;
  } catch (error) {
    if (notThrough(error)) queueReport(body);
    return null;
  }
}

/** Sends the reports that waited for the connection; a refusal (the lesson is gone) drops one. */
export function sendWaitingReports(): Promise<void> {
  return flushReports(async (report) => {
    try {
      await postProgress(report);
      return 'done';
    } catch (error) {
      // Signed out meanwhile or too many at once: later. Refused for good (the lesson is gone): dropped.
      const later = isAxiosError(error) && [401, 429].includes(error.response?.status ?? 0);
      return notThrough(error) || later ? 'retry' : 'done';
    }
  });
}

/** GET profile/lessons/downloads: the week's lessons the app may keep for a child, and until when. */
export async function fetchDownloads(childId: number): Promise<LessonDownloads> {
  const response = await api.get<{ data: LessonDownloads }>('profile/lessons/downloads', {
    params: { child_id: childId },
    handlesErrors: true,
  });
  return response.data.data;
}

/** The free tariff of the catalogue (the trial), if the school offers one. */
async function freeTariff(): Promise<SubscriptionItem | undefined> {
  const first = await fetchSubscriptions(1);
  return first.data.find((item) => item.is_free);
}

/** Starts the 7-day trial: POST /store/subscription/activate with the free tariff's id. */
export async function startTrial(): Promise<void> {
  const tariff = await freeTariff();
  if (!tariff) throw new Error('Пробный период сейчас недоступен');
  await api.post(
    'store/subscription/activate',
    { subscription_id: tariff.id },
    { handlesErrors: true },
  );
  await Promise.all([refreshProfile(), refreshLessons()]);
}
