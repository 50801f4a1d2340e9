// A cluster worker for cluster-bridge.test.ts: counts its own requests, then scrapes through the bridge
// when the test (the primary) asks, and hands the text back.
import client from 'prom-client';
import { joinClusterMetrics, scrape } from '../cluster-bridge';
import { registry } from '../registry';

const served = new client.Counter({
  name: 'test_served_total',
  help: 'Requests this worker served.',
  registers: [registry],
});
const shared = new client.Gauge({
  name: 'test_shared_figure',
  help: 'A figure every worker reads alike.',
  aggregator: 'max',
  registers: [registry],
});

served.inc(Number(process.env.SERVED ?? '0'));
shared.set(42);
joinClusterMetrics();
process.on('message', (message: unknown) => {
  if (message !== 'scrape') return;
  scrape().then(
    (text) => process.send?.({ scraped: text }),
    (error: unknown) => process.send?.({ failed: String(error) }),
  );
});
process.send?.('ready');
