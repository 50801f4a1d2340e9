// What must happen while the session still holds, just before a sign-out drops it and the family's data on
// this device: a screen registers it here (the HTTP layer knows no screens), and logout() waits for it —
// for a few seconds at most, as a parent who asked to leave must not be kept waiting by a slow line.
type Hook = () => Promise<void>;

const hooks = new Set<Hook>();
export const SIGN_OUT_WAIT_MS = 3000;

/** Registers `hook`; the returned function removes it. */
export function beforeSignOut(hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook; a failing one does not stop the others, and none holds the sign-out past the wait. */
export async function runBeforeSignOut(waitMs = SIGN_OUT_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([Promise.allSettled([...hooks].map((hook) => hook())), bound]);
  clearTimeout(timer);
}
