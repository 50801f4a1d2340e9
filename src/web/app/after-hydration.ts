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
    // The mark that the app holds the page: the header shows a signed-in parent's server-rendered page
    // without the guest's buttons until it is set (header.module.scss), and the browser journeys wait for it.
    document.documentElement.dataset.app = 'ready';
    const task = pending;
    pending = null;
    task?.();
  }, []);
}
