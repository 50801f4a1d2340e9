// What the drill prints for each fault: requests sent and failed, the longest a parent's step kept failing
// (from its first failed attempt to the one that did it), the 99th percentile of answer times, and the
// failures that were not a 503 with Retry-After — the only failure a fault may cause. Taken after the load
// has stopped, so every request has its answer.
import type { Outage, Record_ } from './load';

export interface Figures {
  phase: string;
  sent: number;
  failed: number;
  /** The longest outage of a parent's step that began in this phase. */
  longestWindowMs: number;
  p99Ms: number;
  /** Failures other than 503 with Retry-After: 500s, 502s, no answer, an unexpected status. */
  improper: string[];
}

export function figuresOf(phase: string, all: Record_[], outages: Outage[]): Figures {
  const records = all.filter((r) => r.phase === phase);
  const mine = outages.filter((o) => o.phase === phase);
  const times = records.map((r) => r.end - r.start).sort((a, b) => a - b);
  const at99 = Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1);
  return {
    phase,
    sent: records.length,
    failed: records.filter((r) => r.failed).length,
    longestWindowMs: Math.max(0, ...mine.map((o) => o.ms)),
    p99Ms: times[at99] ?? 0,
    improper: [
      ...records
        .filter((r) => r.failed && !(r.status === 503 && r.retryAfter))
        .map((r) => `${r.what}: ${r.status === 0 ? 'no answer' : r.status}`),
      ...mine.filter((o) => o.unfinished).map((o) => `${o.what}: still failing at the end`),
    ],
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
