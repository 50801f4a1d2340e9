import { useEffect } from 'react';

// What waits for a server-rendered page to be hydrated: effects run only once the hydrated tree has
// committed, so a change made here never makes the first render differ from the server's HTML.
let pending: (() => void) | null = null;

export function runAfterHydration(task: () => void): void {
  pending = task;
}

/** Called by the app shell, which is on every page, server-rendered or not. */
export function useAfterHydration(): void {
  useEffect(() => {
    // A mark that the app holds the page (for the browser journeys, and anyone debugging one).
    document.documentElement.dataset.app = 'ready';
    const task = pending;
    pending = null;
    task?.();
  }, []);
}
