import type { StudyMode } from '@contract/api/auth';

/** How a child moves through the program; the learning screens read `study_mode`. */
export const STUDY_MODE_OPTIONS: { value: StudyMode; label: string; hint: string }[] = [
  {
    value: 'schedule',
    label: 'По расписанию',
    hint: 'Каждую неделю открываются новые уроки — занимаемся в ритме программы.',
  },
  {
    value: 'free',
    label: 'Свободный',
    hint: 'Без расписания: занимайтесь в любой день и в своём темпе.',
  },
];

export function studyModeLabel(mode: StudyMode): string {
  return STUDY_MODE_OPTIONS.find((option) => option.value === mode)?.label ?? mode;
}
