// Load and figures for `npm run bench`: one autocannon run per path, and the tables they are printed in
// (Markdown, so a run can go into docs/PERFORMANCE.md as it is).
import autocannon from 'autocannon';

export type AnchorKey = 'a' | 'b' | 'c' | 'd';

export interface Target {
  label: string;
  path: string;
  /** The anchor this path is compared with. */
  anchor: AnchorKey;
  headers?: Record<string, string>;
  /** A POST whose body (and client address) changes with every request. */
  post?: (index: number) => { body: string; headers: Record<string, string> };
}

export interface Figure {
  label: string;
  anchor: AnchorKey | null;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, errors and timeouts. */
  bad: number;
  /**
   * Its anchor, measured right before it in the same round (the round of the median share): a machine
   * whose speed drifts over minutes moves both alike, where anchors measured at the start would not.
   */
  paired?: Figure;
}

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * autocannon keeps each answer's body as text (`body += chunk`, for its expectBody and verifyBody checks,
 * which the bench does not use). Decoding a 3 KB gzip body as UTF-8 cost the client about 15 µs, more than
 * the school spent making the answer, so for the bigger answers the load generator, not the server, set
 * the figure: the FAQ page (3.3 KB) got 48 % of (a) with it and 65 % without, in two 3-round runs minutes
 * apart. autocannon has no option for it; this switches it off per connection, and stops the bench if
 * autocannon no longer has the method it replaces.
 */
function keepNoBodyText(client: unknown): void {
  const queue = (client as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (!queue || typeof queue.addBody !== 'function') {
    throw new Error(
      'autocannon no longer keeps bodies in pipelinedRequests.addBody: see bench-load.ts',
    );
  }
  queue.addBody = () => undefined;
}

export async function measure(
  base: string,
  target: Target,
  options: { seconds: number; connections: number },
): Promise<Figure> {
  let sent = 0;
  const post = target.post;
  const result = (await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'accept-encoding': 'gzip', ...target.headers },
    setupClient: keepNoBodyText,
    requests: [
      post
        ? {
            method: 'POST',
            path: target.path,
            setupRequest: (request) => {
              const next = post(sent);
              sent += 1;
              return {
                ...request,
                body: next.body,
                headers: {
                  ...request.headers,
                  'content-type': 'application/json',
                  ...next.headers,
                },
              };
            },
          }
        : { method: 'GET', path: target.path },
    ],
  })) as Result;
  return {
    label: target.label,
    anchor: target.anchor,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** autocannon's percentiles are whole milliseconds. */
const ms = (value: number) => value.toFixed(0);

export function row(cells: string[], widths: number[]): string {
  return `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [row(header, widths), rule, ...rows.map((r) => row(r, widths))].join('\n');
}

const ofAnchor = (figure: Figure, anchor: Figure | undefined) => {
  const yardstick = figure.paired ?? anchor;
  if (!yardstick) return '—';
  const share = `${((100 * figure.rps) / yardstick.rps).toFixed(0)} % of (${figure.anchor})`;
  return figure.paired ? `${share} at ${figure.paired.rps.toFixed(0)}` : share;
};

/** The figures of one run, each beside the anchor it is compared with. */
export function figuresTable(
  figures: Figure[],
  anchors: Partial<Record<AnchorKey, Figure>>,
): string {
  return table(
    ['path', 'req/s', 'p50 / p99 ms', 'of anchor', 'non-2xx'],
    figures.map((f) => [
      f.label,
      f.rps.toFixed(0),
      `${ms(f.p50)} / ${ms(f.p99)}`,
      ofAnchor(f, f.anchor ? anchors[f.anchor] : undefined),
      // An anchor that failed would make a poor yardstick look like a good share: show it.
      f.paired?.bad ? `${f.bad} (anchor ${f.paired.bad})` : String(f.bad),
    ]),
  );
}

/** How a path's throughput and median change between two runs (sizes or instance counts). */
export function compareTable(
  columns: [string, string],
  before: Figure[],
  after: Figure[],
  ratioName: string,
  ratio: (a: Figure, b: Figure) => number,
): string {
  return table(
    [
      'path',
      `${columns[0]} req/s`,
      'p50 / p99 ms',
      `${columns[1]} req/s`,
      'p50 / p99 ms',
      ratioName,
    ],
    before.flatMap((a) => {
      const b = after.find((f) => f.label === a.label);
      if (!b) return [];
      return [
        [
          a.label,
          a.rps.toFixed(0),
          `${ms(a.p50)} / ${ms(a.p99)}`,
          b.rps.toFixed(0),
          `${ms(b.p50)} / ${ms(b.p99)}`,
          `${ratio(a, b).toFixed(2)}×`,
        ],
      ];
    }),
  );
}
