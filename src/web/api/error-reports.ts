// The HTTP layer tells of a failure nobody else handles as data; it never opens a screen itself. The app
// (app/error-modal.ts) listens and shows the global error modal, so api/ imports nothing above it.

/** A failure for the parent to read: the sentence, and a title when the sender gave one. */
export interface ErrorReport {
  message: string;
  title?: string;
}

type Listener = (report: ErrorReport) => void;

const listeners = new Set<Listener>();

/** Listens to every report from now on; the returned function stops listening. */
export function onErrorReport(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a failure to whoever listens (nobody before the app starts: it is then dropped). */
export function reportError(report: ErrorReport): void {
  for (const listener of listeners) listener(report);
}

let connectionSaidByPage = false;

/**
 * The page says itself that the school is out of reach (the video page with lessons kept for the road,
 * docs/OFFLINE-LESSONS.md): failures to reach it are then not reported again as an error.
 */
export function pageSaysConnection(says: boolean): void {
  connectionSaidByPage = says;
}

export function connectionSaidElsewhere(): boolean {
  return connectionSaidByPage;
}
