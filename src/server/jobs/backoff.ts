// Retries wait longer each time: a short SMTP hiccup is retried within a minute, an outage of the
// provider is waited out over hours without hammering it.
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000];

/** How long to wait after the `attempt`-th failure (1-based) before the next try. */
export function retryDelayMs(attempt: number): number {
  const index = Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? 0;
}
