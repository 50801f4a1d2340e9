import type { Child } from '@contract/api/auth';
import type { LessonItem } from '@contract/api/lessons';

export interface ChildSelectModalProps {
  children: Child[];
  selectedId: number | null;
  onSelect: (childId: number) => void;
}

export interface LessonModalProps {
  lesson: LessonItem;
  /** Plays the lesson (open lessons only). */
  onPlay?: () => void;
}

export interface ProgramModalProps {
  title: string;
  /** The main program's weeks with whether each is open; empty for an additional program. */
  weeks: { number: number; title: string; open: boolean }[];
  lessonsShown: number;
  kind: 'main' | 'additional';
  description?: string;
}

/** The study-mode and remind modals change one child's settings. */
export interface ChildModalProps {
  child: Child;
}
