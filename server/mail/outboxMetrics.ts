/** The outbox's figures: the emails sent and failed, and how many wait and for how long. */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/database';
import type { OutboxCounters } from './outboxDelivery';
import { readOutboxStats, type OutboxStats } from './outboxTable';

/** The queue's gauges read the database at each scrape; the counters count the sender's attempts. */
export function createOutboxMetrics(registry: Registry, database: Queryable): OutboxCounters {
  const registers = [registry];
  let stats: Promise<OutboxStats> | undefined;
  // One query per scrape serves both gauges.
  const readStats = () => (stats ??= readOutboxStats(database).finally(() => (stats = undefined)));
  new Gauge({
    name: 'emails_queued',
    help: 'Confirmation emails waiting in the outbox.',
    registers,
    async collect() {
      this.set((await readStats()).queued);
    },
  });
  new Gauge({
    name: 'emails_oldest_queued_age_seconds',
    help: 'How long the oldest queued confirmation email has waited (0 when none waits).',
    registers,
    async collect() {
      this.set((await readStats()).oldestAgeSeconds);
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
