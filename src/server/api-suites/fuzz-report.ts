// What the fuzz holds every answer to, and the one message that lists every breach: a lead fixing them
// wants the whole list at once, grouped, with enough of each request to replay it.
import type { FuzzRequest } from './fuzz-cases';
import { isApiPath } from './openapi-operations';

export interface FuzzAnswer {
  request: FuzzRequest;
  status: number;
  contentType: string;
  body: string;
}

export interface Finding {
  answer: FuzzAnswer;
  problem: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a 4xx body is not the one error shape of docs/ARCHITECTURE.md, `{code, message, errors}`, or null when it is. */
export function errorShapeProblem(answer: FuzzAnswer): string | null {
  if (!answer.contentType.startsWith('application/json')) {
    return `not JSON (${answer.contentType || 'no content-type'})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'JSON that does not parse';
  }
  if (!isRecord(body)) return 'not an object';
  if (typeof body.code !== 'string' || body.code === '') return 'no code string';
  if (typeof body.message !== 'string') return 'no message string';
  if (
    !isRecord(body.errors) ||
    !Object.values(body.errors).every(
      (v) => Array.isArray(v) && v.every((m) => typeof m === 'string'),
    )
  ) {
    return 'errors is not {field: [text]}';
  }
  return null;
}

export function serverErrors(answers: FuzzAnswer[]): Finding[] {
  return answers
    .filter((a) => a.status >= 500)
    .map((answer) => ({ answer, problem: `status ${answer.status}` }));
}

export function misshapenErrors(answers: FuzzAnswer[]): Finding[] {
  const findings: Finding[] = [];
  for (const answer of answers) {
    const path = answer.request.url.split('?')[0] ?? '';
    if (answer.status < 400 || answer.status >= 500 || !isApiPath(path)) continue;
    const problem = errorShapeProblem(answer);
    if (problem) findings.push({ answer, problem });
  }
  return findings;
}

/** At most `max` characters of a value, control characters and lone surrogates escaped. */
export function snippet(value: string | Buffer | undefined, max: number): string {
  if (value === undefined) return '(none)';
  const textual = typeof value === 'string' ? value : `<bytes> ${value.toString('latin1')}`;
  // Head and tail: what a long body breaks on is often at its end (an odd value after padding).
  const tail = Math.floor(max / 3);
  const cut =
    textual.length > max
      ? `${textual.slice(0, max - tail)}…(${textual.length} chars)…${textual.slice(-tail)}`
      : textual;
  return JSON.stringify(cut);
}

function line({ answer, problem }: Finding): string {
  const r = answer.request;
  return [
    `#${r.index} ${r.method} ${snippet(r.url, 160)} [${r.mutation}, ${r.authed ? 'parent' : 'anonymous'}]`,
    `    headers ${snippet(JSON.stringify(r.headers), 160)} body ${snippet(r.payload, 200)}`,
    `    → ${answer.status} (${problem}) ${snippet(answer.body, 300)}`,
  ].join('\n');
}

/** One message: a count per operation, status and mutation, then every finding. */
export function describeFindings(
  title: string,
  findings: Finding[],
  run: { seed: number; requests: number },
): string {
  const groups = new Map<string, number>();
  for (const { answer, problem } of findings) {
    const key = `${answer.request.operation} → ${problem} [${answer.request.mutation}]`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [
    `${title}: ${findings.length} of ${run.requests} answers (replay: FUZZ_SEED=${run.seed} FUZZ_REQUESTS=${run.requests})`,
    ...[...groups].sort().map(([key, count]) => `  ${count} × ${key}`),
    'Every one:',
    ...findings.map(line),
  ].join('\n');
}
