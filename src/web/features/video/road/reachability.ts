// Whether the school answers at all: the page with kept lessons asks before it asks for anything else,
// so a trip with no connection opens on the kept lessons, not on an error.

/** Long enough for a slow mobile line, short enough that a child is not kept waiting for nothing. */
const WAIT_MS = 4000;

export async function schoolReachable(): Promise<boolean> {
  try {
    const answer = await fetch('/api/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(WAIT_MS),
    });
    // A Wi-Fi's sign-in page answers too, with its own page: only the school's own answer counts.
    const json = answer.headers.get('content-type')?.includes('application/json') === true;
    return answer.ok && !answer.redirected && json;
  } catch {
    return false;
  }
}
