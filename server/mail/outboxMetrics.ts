/**
 * The outbox's figures: the emails sent and failed, and how many wait and for how long. The
 * queue's query, once a scrape, doubles as the database's check (database_up).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/database';
import { healthTimeoutMs } from '../plugins/health';
import type { OutboxCounters } from './outboxDelivery';
import { readOutboxStats, type OutboxStats } from './outboxTable';

/**
 * The queue's figures, or undefined when the database fails to give them or is slower than
 * /healthz allows: the scrape still succeeds, so an instance that is up says its database is not.
 */
async function readInTime(database: Queryable) {
  try {
    return await Promise.race([
      readOutboxStats(database),
      sleep(healthTimeoutMs, undefined, { ref: false }),
    ]);
  } catch {
    return undefined;
  }
}

/** The queue's gauges read the database at each scrape; the counters count the sender's attempts. */
export function createOutboxMetrics(registry: Registry, database: Queryable): OutboxCounters {
  const registers = [registry];
  let stats: Promise<OutboxStats | undefined> | undefined;
  // One query per scrape serves the three gauges.
  const readStats = () => (stats ??= readInTime(database).finally(() => (stats = undefined)));
  new Gauge({
    name: 'database_up',
    help: 'Whether the database answered this scrape (1) or failed or timed out like /healthz (0).',
    registers,
    async collect() {
      this.set((await readStats()) ? 1 : 0);
    },
  });
  // NaN, not a made-up 0, while the database does not answer.
  new Gauge({
    name: 'emails_queued',
    help: 'Confirmation emails waiting in the outbox.',
    registers,
    async collect() {
      this.set((await readStats())?.queued ?? NaN);
    },
  });
  new Gauge({
    name: 'emails_oldest_queued_age_seconds',
    help: 'How long the oldest queued confirmation email has waited (0 when none waits).',
    registers,
    async collect() {
      this.set((await readStats())?.oldestAgeSeconds ?? NaN);
    },
  });
  const sent = new Counter({
    name: 'emails_sent_total',
    help: 'Confirmation emails handed to the mail server (or written to DATA_DIR/mail).',
    registers,
  });
  const failed = new Counter({
    name: 'emails_failed_total',
    help: 'Attempts to send a confirmation email that failed, the relay refusing for now included (each is retried).',
    registers,
  });
  return { sent: () => sent.inc(), failed: () => failed.inc() };
}
