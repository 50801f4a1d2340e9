type Kind = 'message' | 'success' | 'error' | 'info';

function show(kind: Kind, message: string, description?: string): void {
  void import('sonner').then(({ toast: sonner }) => {
    const options = description ? { description } : undefined;
    if (kind === 'message') sonner(message, options);
    else sonner[kind](message, options);
  });
}

/** Short notices in the corner; they hide after 5000 ms (SPEC §9). */
export const toast = {
  message: (message: string, description?: string) => show('message', message, description),
  success: (message: string, description?: string) => show('success', message, description),
  error: (message: string, description?: string) => show('error', message, description),
  info: (message: string, description?: string) => show('info', message, description),
};
