/** @jest-environment node */
/** The database's answer as the scrape sees it: the alert rules (ops/prometheus/) read database_up. */
import { createMetrics, type OutboxStats } from '../../server/plugins/metrics';
import { healthTimeoutMs } from '../../server/plugins/health';

async function scrape(outboxStats: () => Promise<OutboxStats>): Promise<string> {
  return createMetrics(outboxStats).registry.metrics();
}

describe('database_up', () => {
  it('is 1 beside the outbox figures when the database answers', async () => {
    const metrics = await scrape(async () => ({ queued: 3, oldestAgeSeconds: 42 }));

    expect(metrics).toMatch(/^database_up 1$/m);
    expect(metrics).toMatch(/^emails_queued 3$/m);
    expect(metrics).toMatch(/^emails_oldest_queued_age_seconds 42$/m);
  });

  it('is 0 when the database fails, and the scrape still answers, without outbox figures', async () => {
    const metrics = await scrape(() => Promise.reject(new Error('connection refused')));

    expect(metrics).toMatch(/^database_up 0$/m);
    // prom-client writes "Nan", which Prometheus reads as NaN (any case).
    expect(metrics).toMatch(/^emails_queued nan$/im);
    expect(metrics).toMatch(/^emails_oldest_queued_age_seconds nan$/im);
  });

  it('is 0 when the database is slower than /healthz allows', async () => {
    const started = Date.now();
    const metrics = await scrape(() => new Promise<never>(() => {}));

    expect(metrics).toMatch(/^database_up 0$/m);
    expect(Date.now() - started).toBeGreaterThanOrEqual(healthTimeoutMs - 50);
  });
});
