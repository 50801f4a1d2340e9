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
