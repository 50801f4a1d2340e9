// The parents' view of learning: one child's progress picture, an additional program lesson by lesson,
// and the weeks a child missed. Each screen shows its own loading and error states, so failures here do
// not open the global error modal.
import { useQuery } from '@tanstack/react-query';
import type { AdditionalProgress, ChildProgress, SkippedWeeks } from '@contract/api/learning';
import { api } from './client';

export type { AdditionalProgress, ChildProgress, SkippedWeeks } from '@contract/api/learning';

export const progressKeys = {
  child: (childId: number) => ['progress', childId] as const,
  additional: (childId: number, programId: number) =>
    ['progress', childId, 'additional', programId] as const,
  skipped: (childId: number) => ['skipped-weeks', childId] as const,
};

// Typed by the contract, not parsed again: the server checks each answer against it on the way out.
async function getData<T>(url: string, params: Record<string, number>): Promise<T> {
  const response = await api.get<{ data: T }>(url, { params, handlesErrors: true });
  return response.data.data;
}

export function fetchChildProgress(childId: number): Promise<ChildProgress> {
  return getData('profile/progress', { child_id: childId });
}

export function fetchAdditionalProgress(
  childId: number,
  programId: number,
): Promise<AdditionalProgress> {
  return getData('profile/progress-additional', {
    child_id: childId,
    additional_program_id: programId,
  });
}

export function fetchSkippedWeeks(childId: number): Promise<SkippedWeeks> {
  return getData('profile/skipped-weeks', { child_id: childId });
}

export function useChildProgress(childId: number | undefined) {
  return useQuery({
    queryKey: progressKeys.child(childId ?? 0),
    queryFn: () => fetchChildProgress(childId ?? 0),
    enabled: childId !== undefined,
  });
}

/** Fetched when the parent opens the program's lesson list. */
export function useAdditionalProgress(childId: number, programId: number, enabled: boolean) {
  return useQuery({
    queryKey: progressKeys.additional(childId, programId),
    queryFn: () => fetchAdditionalProgress(childId, programId),
    enabled,
  });
}

export function useSkippedWeeks(childId: number | undefined) {
  return useQuery({
    queryKey: progressKeys.skipped(childId ?? 0),
    queryFn: () => fetchSkippedWeeks(childId ?? 0),
    enabled: childId !== undefined,
  });
}
