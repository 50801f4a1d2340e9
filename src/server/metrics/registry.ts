// The school's Prometheus metrics (docs/OPERATIONS.md «Metrics»): one registry per process, prom-client's
// global one, so that in cluster mode the primary can gather every worker's (cluster.ts). Labels take only
// bounded values — a route's pattern, a status class, a job's name, an order's state — never an id or
// anything about a person.
import client from 'prom-client';

export const registry = client.register;

let started = false;
/** Process metrics (CPU, memory, event loop, handles), once per process. */
export function collectProcessMetrics(): void {
  if (started) return;
  started = true;
  client.collectDefaultMetrics({ register: registry });
}

/** Seconds: fast answers are the norm, the slow tail is what an alert watches. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new client.Histogram({
  name: 'school_http_request_duration_seconds',
  help: 'Time from a request’s arrival to the end of its answer, by route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

export const httpInFlight = new client.Gauge({
  name: 'school_http_requests_in_flight',
  help: 'Requests being answered now.',
  registers: [registry],
});

export const queryDuration = new client.Histogram({
  name: 'school_db_query_duration_seconds',
  help: 'Time of each PostgreSQL query, from sending it to its answer.',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 15],
  registers: [registry],
});

export const bankCalls = new client.Counter({
  name: 'school_bank_calls_total',
  help: 'Calls to the bank by method and outcome: ok, refused (an error code), unavailable (no answer, 5xx).',
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});

export const jobsFinished = new client.Counter({
  name: 'school_jobs_finished_total',
  help: 'Jobs this process ran, by job name and outcome (done, retried, failed); mail is the job «mail».',
  labelNames: ['name', 'outcome'] as const,
  registers: [registry],
});
