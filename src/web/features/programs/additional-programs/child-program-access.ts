import { useQueries } from '@tanstack/react-query';
import type { Child } from '@contract/api/children';
import type { LessonsPage } from '@contract/api/lessons';
import { api } from '../../../api/client';

/** Whether a child already has the program: from the lessons the child sees; unknown until they load. */
export type ProgramAccess = 'open' | 'closed' | 'unknown';

/**
 * A bought program opens every lesson of it for the child, so any open lesson beyond the free preview
 * means the child has it; a lesson locked as «not bought» means the child has not.
 */
export function accessOf(page: LessonsPage | undefined): ProgramAccess {
  if (!page) return 'unknown';
  if (page.lessons.some((lesson) => !lesson.is_preview && lesson.available)) return 'open';
  if (page.lessons.some((lesson) => lesson.lock_reason === 'program_not_bought')) return 'closed';
  return 'unknown';
}

/**
 * Each child's lessons of one additional program, under the video page's query key so a page seen there
 * is not asked again. A failure here stays quiet (the server's 422 still explains at payment).
 */
export function useProgramAccess(children: Child[], slug: string): Map<number, ProgramAccess> {
  const results = useQueries({
    queries: children.map((child) => {
      const params = { child_id: child.id, type: 'additional', program: slug };
      return {
        queryKey: ['lessons', params],
        queryFn: async () =>
          (
            await api.get<{ data: LessonsPage }>('profile/lessons', {
              params,
              handlesErrors: true,
            })
          ).data.data,
        staleTime: 10 * 60_000,
        retry: false,
      };
    }),
  });
  return new Map(children.map((child, index) => [child.id, accessOf(results[index]?.data)]));
}
