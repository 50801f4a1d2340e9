// A scrape on any worker of a real Node cluster answers for the whole cluster: counters add up across
// workers, a figure every worker reads from the database is kept once.
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { servePrimaryMetrics } from './cluster-bridge';

const workers: Worker[] = [];

afterAll(() => {
  for (const worker of workers) worker.kill();
});

function fork(served: number): Promise<Worker> {
  const worker = cluster.fork({ SERVED: String(served) });
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: unknown) => {
      if (message === 'ready') resolve(worker);
    });
  });
}

describe('metrics in cluster mode', () => {
  it('answers a scrape on one worker with every worker’s figures', async () => {
    cluster.setupPrimary({
      exec: fileURLToPath(new URL('./testing/cluster-worker.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
      silent: true,
    });
    servePrimaryMetrics();
    const [first] = await Promise.all([fork(3), fork(4)]);
    if (!first) throw new Error('no worker');
    const answer = new Promise<{ scraped?: string; failed?: string }>((resolve) => {
      first.on('message', (message: unknown) => {
        // The workers' answers to the primary's gathering pass here too.
        if (typeof message === 'object' && message !== null && !('type' in message)) {
          resolve(message);
        }
      });
    });
    first.send('scrape');
    const { scraped, failed } = await answer;
    expect(failed).toBeUndefined();
    expect(scraped).toMatch(/^test_served_total 7$/m);
    expect(scraped).toMatch(/^test_shared_figure 42$/m);
  }, 30_000);
});
