// The props of the modals that take any, by what they are for: the modal store types openModal() with
// them, so they live here beside it rather than beside each modal in its feature.
import type { Child } from '@contract/api/auth';
import type { LessonItem } from '@contract/api/lessons';

export interface AddChildModalProps {
  /** Edit this child instead of adding a new one. */
  child?: Child;
}

export interface AdditionalProgramsModalProps {
  /** The program's slug (`program.slug` of the store's offers). */
  slug: string;
  /** The child ticked first (the one watching on the video page). */
  childId?: number;
}

/** A field the parent fills in before the action unlocks: a typed word or the password. */
export interface ConfirmPrompt {
  label: string;
  type?: 'text' | 'password';
  /** The exact text that unlocks the button («УДАЛИТЬ»); without it any non-empty value does. */
  expected?: string;
  hint?: string;
  autoComplete?: string;
}

export interface ConfirmModalProps {
  title: string;
  text: string;
  confirmText: string;
  cancelText?: string;
  /** danger: a red button and a warning picture, for what cannot be undone. */
  tone?: 'danger' | 'primary';
  prompt?: ConfirmPrompt;
  /**
   * The action. The modal waits for it with a spinner, closes when it succeeds and shows why when it
   * fails. Receives the prompt's value.
   */
  onConfirm: (value: string) => Promise<void> | void;
}

/**
 * 'cancel': the auto-renewal switch turned off — a pause offered first, then the refusal in one click.
 * 'pause': «Взять каникулы» on its own.
 */
export interface SubscribeModalProps {
  mode: 'cancel' | 'pause';
}

export interface SubscribeAnswerModalProps {
  /** The last day the paid subscription runs, ISO. */
  endsAt: string | null;
}

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
