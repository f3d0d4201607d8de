/** The webhooks' figures: the attempts by outcome, and how long the oldest undelivered event waits. */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Queryable } from '../db/database';
import { readOldestUndeliveredAge } from './deliveryTable';
import type { WebhookCounters } from './webhookSender';

export function createWebhookMetrics(registry: Registry, database: Queryable): WebhookCounters {
  const registers = [registry];
  new Gauge({
    name: 'webhook_oldest_undelivered_age_seconds',
    help: 'How long the oldest webhook event not yet delivered (nor failed for good) has waited.',
    registers,
    async collect() {
      // NaN, not a made-up 0, while the database does not answer (database_up says so).
      this.set(await readOldestUndeliveredAge(database).catch(() => NaN));
    },
  });
  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome: delivered, retry (failed, tried again later), failed (for good).',
    labelNames: ['outcome'],
    registers,
  });
  return { outcome: (outcome) => deliveries.inc({ outcome }) };
}
