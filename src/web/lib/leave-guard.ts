// Ways out of the video page that are not navigations (logout reloads the page, which a router blocker
// never sees) ask the guard the video page installs while it is shown.

type Guard = (leave: () => void) => void;

let current: Guard | null = null;

/** The video page installs its guard on mount; the returned function removes it. */
export function installLeaveGuard(guard: Guard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** Runs `leave` at once, or after the grown-up's confirmation while a guard is installed. */
export function guardedLeave(leave: () => void): void {
  if (current) current(leave);
  else leave();
}
