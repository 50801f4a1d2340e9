// What the drill prints for each fault: requests sent and failed, the longest stretch in which requests
// kept failing, the 99th percentile of answer times, and the failures that were not a 503 with
// Retry-After — the only failure a fault may cause.
import type { Record_ } from './load';

export interface Figures {
  phase: string;
  sent: number;
  failed: number;
  /** Milliseconds from the start of a failed request to the end of the last failure before a success. */
  longestWindowMs: number;
  p99Ms: number;
  /** Failures other than 503 with Retry-After: 500s, 502s, no answer, an unexpected status. */
  improper: string[];
}

export function figuresOf(phase: string, all: Record_[]): Figures {
  const records = all.filter((r) => r.phase === phase && r.end > 0).sort((a, b) => a.end - b.end);
  let longest = 0;
  let windowStart: number | null = null;
  for (const r of records) {
    if (r.failed) {
      windowStart = windowStart === null ? r.start : Math.min(windowStart, r.start);
      longest = Math.max(longest, r.end - windowStart);
    } else {
      windowStart = null;
    }
  }
  const times = records.map((r) => r.end - r.start).sort((a, b) => a - b);
  const p99 =
    times.length === 0
      ? 0
      : (times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? 0);
  const improper = records
    .filter((r) => r.failed && !(r.status === 503 && r.retryAfter))
    .map((r) => `${r.what}: ${r.status === 0 ? 'no answer' : r.status}`);
  return {
    phase,
    sent: records.length,
    failed: records.filter((r) => r.failed).length,
    longestWindowMs: longest,
    p99Ms: p99,
    improper,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function printFigures(rows: Figures[]): void {
  const header = [
    'fault',
    'sent',
    'failed',
    'longest failure window',
    'p99',
    'not 503 + Retry-After',
  ];
  const lines = rows.map((f) => [
    f.phase,
    String(f.sent),
    String(f.failed),
    seconds(f.longestWindowMs),
    seconds(f.p99Ms),
    String(f.improper.length),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(row(header));
  console.log(row(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(row(line));
}
