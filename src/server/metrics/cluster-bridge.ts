// In cluster mode a scrape reaches whichever worker the kernel hands the connection to; that worker asks
// the primary, which gathers every worker's metrics (prom-client's AggregatorRegistry) and answers with
// the sum — so one scrape sees the whole cluster, and each worker answers the primary's gathering itself.
import cluster from 'node:cluster';
import client from 'prom-client';
import { registry } from './registry';

const ASK = 'school:metrics-ask';
const ANSWER = 'school:metrics-answer';
/** Longer than prom-client's own wait for the workers (5 s), so its timeout is the one reported. */
const PRIMARY_WAIT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask =>
  typeof message === 'object' && message !== null && (message as Ask).type === ASK;
const isAnswer = (message: unknown): message is Answer =>
  typeof message === 'object' && message !== null && (message as Answer).type === ANSWER;

/** The primary: answers its workers' asks with the whole cluster's metrics. */
export function servePrimaryMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    // The worker that asked may have died meanwhile: an answer to nobody is dropped, never thrown.
    const answer = (reply: Answer) => {
      if (worker.isConnected()) worker.send(reply, undefined, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ type: ANSWER, id: message.id, text }),
      (error: unknown) =>
        answer({
          type: ANSWER,
          id: message.id,
          error: error instanceof Error ? error.message : 'unknown',
        }),
    );
  });
}

let listening = false;
let nextId = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** A worker: lets the primary gather this process's metrics, and asks it for the cluster's. */
function listen(): void {
  if (listening) return;
  listening = true;
  // Constructing one adds prom-client's own listener that answers the primary's gathering.
  new client.AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) waiting.get(message.id)?.(message);
  });
}

/** This process's metrics, or the whole cluster's when it is a worker of one. */
export async function scrape(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  listen();
  const id = (nextId += 1);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not answer with the cluster’s metrics'));
    }, PRIMARY_WAIT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    });
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}

/** Workers call this at start, so the primary's first gathering finds them listening. */
export function joinClusterMetrics(): void {
  if (cluster.isWorker) listen();
}
