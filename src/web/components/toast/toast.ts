// sonner (about 8 KB) is not part of the landing: the toaster mounts with the first notice, and the
// notice is shown once it is there.
type Kind = 'message' | 'success' | 'error' | 'info';

const listeners = new Set<() => void>();
let wanted = false;
let mounted: Promise<void> | undefined;
let markMounted: (() => void) | undefined;

/** For `Toasts`: whether a notice has asked for the toaster yet. */
export const toasterDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => wanted,
};

/** Called by the toaster once it listens: the notices waiting for it go out. */
export function toasterReady(): void {
  markMounted?.();
}

function toaster(): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    markMounted = resolve;
    wanted = true;
    for (const listener of listeners) listener();
  });
  return mounted;
}

function show(kind: Kind, message: string, description?: string): void {
  void Promise.all([import('sonner'), toaster()]).then(([{ toast: sonner }]) => {
    const options = description ? { description } : undefined;
    if (kind === 'message') sonner(message, options);
    else sonner[kind](message, options);
  });
}

/** A question with one answer: stays until the parent presses its button or closes it. */
export interface Offer {
  /** One offer of a kind at a time: a repeated one replaces the shown one. */
  id: string;
  message: string;
  action: string;
  onAction: () => void;
}

function offer({ id, message, action, onAction }: Offer): void {
  void Promise.all([import('sonner'), toaster()]).then(([{ toast: sonner }]) => {
    sonner(message, { id, duration: Infinity, action: { label: action, onClick: onAction } });
  });
}

/** Short notices in the corner; they hide after 5000 ms (docs/PRODUCT.md «Product rules»). */
export const toast = {
  offer,
  message: (message: string, description?: string) => show('message', message, description),
  success: (message: string, description?: string) => show('success', message, description),
  error: (message: string, description?: string) => show('error', message, description),
  info: (message: string, description?: string) => show('info', message, description),
};
