// GET /metrics through the real app: hidden without METRICS_TOKEN, refused without the right bearer
// token, and in Prometheus's text format with the figures an operator alerts on — and nothing about a
// person or an id in its labels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/runner';
import { buy, newParent, startPaymentsKit, tariffId, type PaymentsKit } from '../testing/payments';
import { bearer } from '../testing/accounts';

const TOKEN = 'metrics-token-of-the-operator-123';
let kit: PaymentsKit;
let hidden: PaymentsKit;

beforeAll(async () => {
  [kit, hidden] = await Promise.all([
    startPaymentsKit({ METRICS_TOKEN: TOKEN }),
    startPaymentsKit(),
  ]);
});
afterAll(async () => {
  await Promise.all([kit.close(), hidden.close()]);
});

const scrape = (on: PaymentsKit, headers: Record<string, string> = bearer(TOKEN)) =>
  on.app.inject({ url: '/metrics', headers });

/** The value of one sample line, e.g. `school_purchases{status="paid"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers without the database’s figures, never 5xx, when the database is gone', async () => {
    const gone = await startPaymentsKit({ METRICS_TOKEN: TOKEN });
    await gone.database.close();
    const res = await scrape(gone);
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'school_metrics_database_up')).toBe(0);
    expect(res.body).not.toMatch(/^school_purchases\{/m);
    await gone.app.close();
    await gone.bank.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await scrape(hidden);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses a missing or wrong token in the one error shape', async () => {
    for (const headers of [{}, bearer('not-the-token-at-all-000000'), { authorization: TOKEN }]) {
      const res = await scrape(kit, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('counts requests by route pattern and the business figures, with no person or id in labels', async () => {
    const parent = await newParent(kit);
    const tariff = await tariffId(kit, 'subscription-1m-1c');
    await buy(kit, parent, 'subscription', [tariff.id]);
    await kit.app.inject({ url: '/api/admin/tariffs/987654', headers: bearer(parent.token) });
    await runDueJobs({ db: kit.database.db, config: kit.config, clock: kit.time.clock });

    const res = await scrape(kit);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(
      /^school_http_request_duration_seconds_count\{method="GET",route="\/api\/admin\/tariffs\/:id",status_class="4xx"\} [1-9]/m,
    );
    expect(text).toMatch(/^school_http_requests_in_flight 1$/m);
    expect(sample(text, 'school_payment_orders{kind="checkout",state="paid"}')).toBe(1);
    expect(sample(text, 'school_purchases{status="paid"}')).toBe(1);
    expect(sample(text, 'school_metrics_database_up')).toBe(1);
    expect(text).toMatch(/^school_jobs_finished_total\{name="mail",outcome="done"\} [1-9]/m);
    expect(text).toMatch(/^school_bank_calls_total\{method="register",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'school_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'school_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'school_db_query_duration_seconds_count')).toBeGreaterThan(0);
    }
    // Labels hold patterns and states only: no address, token, or the id asked for.
    expect(text).not.toContain('@');
    expect(text).not.toContain('987654');
    expect(text).not.toContain(parent.token);
  });
});
