// The public outline of a program (weeks, lessons, the free preview) for the programs pages.
import { useQuery } from '@tanstack/react-query';
import type { LessonType } from '@contract/api/lessons';
import type { ProgramOutline } from '@contract/api/program-outline';
import { api } from './client';

export type { OutlineLesson, OutlineWeek, ProgramOutline } from '@contract/api/program-outline';

export const outlineKey = (type: LessonType, program: string) =>
  ['program-outline', type, program] as const;

export async function fetchProgramOutline(
  type: LessonType,
  program: string,
): Promise<ProgramOutline> {
  const response = await api.get<{ data: ProgramOutline }>('program-outline', {
    params: { type, program },
    handlesErrors: true,
  });
  return response.data.data;
}

// The server signs the preview's URLs to live at least 15 minutes; asking again after 5 keeps a page left
// open from handing the player an expired link.
const FRESH_MS = 5 * 60 * 1000;

export function useProgramOutline(type: LessonType, program: string, enabled = true) {
  return useQuery({
    queryKey: outlineKey(type, program),
    queryFn: () => fetchProgramOutline(type, program),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
    enabled,
  });
}
