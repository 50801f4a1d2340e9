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
