/** @jest-environment node */
/** The database's answer as the scrape sees it: the alert rules (ops/prometheus/) read database_up. */
import { Registry } from 'prom-client';
import type { Queryable } from '../../server/db/database';
import { createOutboxMetrics } from '../../server/mail/outboxMetrics';
import { healthTimeoutMs } from '../../server/plugins/health';

/** A scrape of the outbox's figures, with the database answering the queue's query as `query` does. */
async function scrape(query: Queryable['query']): Promise<string> {
  const registry = new Registry();
  createOutboxMetrics(registry, { query });
  return registry.metrics();
}

const answering = (row: { queued: number; oldest: number }) =>
  (async () => [row]) as unknown as Queryable['query'];

describe('database_up', () => {
  it('is 1 beside the outbox figures when the database answers', async () => {
    const metrics = await scrape(answering({ queued: 3, oldest: 42 }));

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
