/** docs/ARCHITECTURE.md «Error codes»: a window-wide SHOW_ERROR event opens an error message; any code may dispatch it. */
export const SHOW_ERROR_EVENT = 'SHOW_ERROR';

export interface ShowErrorDetail {
  message?: string;
  title?: string;
}

export function showError(detail: ShowErrorDetail | string = {}): void {
  const payload = typeof detail === 'string' ? { message: detail } : detail;
  window.dispatchEvent(new CustomEvent<ShowErrorDetail>(SHOW_ERROR_EVENT, { detail: payload }));
}

/** Reads the detail of a SHOW_ERROR event, whichever form the dispatcher used. */
export function readShowErrorDetail(event: Event): ShowErrorDetail {
  const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
  if (typeof detail === 'string') return { message: detail };
  if (typeof detail === 'object' && detail !== null) {
    const record = detail as Record<string, unknown>;
    return {
      message: typeof record.message === 'string' ? record.message : undefined,
      title: typeof record.title === 'string' ? record.title : undefined,
    };
  }
  return {};
}
