/** The endpoints the admins register, and their deliveries as the console lists them. */
import type { Queryable } from '../db/database';
import { recentDeliveriesShown } from '../../src/contract/webhooks';
import {
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
} from '../../src/contract/webhookApiSchemas';

export async function createWebhook(
  database: Queryable,
  { url, events, programmes }: WebhookBody,
  secret: string,
  createdBy: string,
): Promise<number> {
  const [row] = await database.query<{ id: number }>(
    `INSERT INTO webhooks (url, events, programmes, secret, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [url, events, programmes === 'all' ? null : programmes, secret, createdBy],
  );
  return row.id;
}

interface WebhookRow {
  id: number;
  url: string;
  events: Webhook['events'];
  programmes: Exclude<Webhook['programmes'], 'all'> | null;
  created_by: string;
  created_at: Date;
}

interface DeliveryRow {
  /** A bigint, which the drivers give as text; far below 2^53, exact as a JSON number. */
  id: string;
  webhook_id: number;
  message_id: string;
  event_type: WebhookDelivery['event'];
  reference: string;
  queued_at: Date;
  state: WebhookDelivery['state'];
  attempts: number;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
}

// new Date(): under Jest a Date from the PGlite worker thread belongs to another realm.
const isoOf = (date: Date) => new Date(date).toISOString();

/** The endpoints not deleted, oldest first, each with its latest deliveries. */
export async function listWebhooks(database: Queryable): Promise<Webhook[]> {
  const webhooks = await database.query<WebhookRow>(
    `SELECT id, url, events, programmes, created_by, created_at FROM webhooks
     WHERE deleted_at IS NULL ORDER BY id`,
  );
  const deliveries = await database.query<DeliveryRow>(
    `SELECT recent.* FROM webhooks, LATERAL (
       SELECT id, webhook_id, message_id, event_type, reference, queued_at, state, attempts,
         last_attempt_at, last_status, last_error
       FROM webhook_deliveries WHERE webhook_id = webhooks.id ORDER BY id DESC LIMIT $1
     ) AS recent WHERE webhooks.deleted_at IS NULL`,
    [recentDeliveriesShown],
  );
  return webhooks.map((webhook) => ({
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    programmes: webhook.programmes ?? 'all',
    createdBy: webhook.created_by,
    createdAt: isoOf(webhook.created_at),
    recentDeliveries: deliveries
      .filter((delivery) => delivery.webhook_id === webhook.id)
      .sort((a, b) => Number(b.id) - Number(a.id))
      .map((delivery) => ({
        id: Number(delivery.id),
        messageId: `msg_${delivery.message_id}`,
        event: delivery.event_type,
        reference: delivery.reference,
        queuedAt: isoOf(delivery.queued_at),
        state: delivery.state,
        attempts: delivery.attempts,
        lastAttemptAt: delivery.last_attempt_at && isoOf(delivery.last_attempt_at),
        lastStatus: delivery.last_status,
        lastError: delivery.last_error,
      })),
  }));
}

/**
 * Deletes the endpoint: nothing more is queued for it, and what waits is marked failed. Whether
 * there was one to delete.
 */
export async function deleteWebhook(database: Queryable, id: number): Promise<boolean> {
  const [{ deleted }] = await database.query<{ deleted: number }>(
    `WITH deleted AS (
       UPDATE webhooks SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id
     ), cancelled AS (
       UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint deleted'
       WHERE webhook_id IN (SELECT id FROM deleted) AND state = 'pending'
     )
     SELECT count(*)::integer AS deleted FROM deleted`,
    [id],
  );
  return deleted > 0;
}

/**
 * Makes a delivery of an endpoint not deleted due now, whatever its state; its next failure
 * marks it failed again. Whether there was one.
 */
export async function retryDelivery(
  database: Queryable,
  webhookId: number,
  deliveryId: string,
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now()
     WHERE id = $2 AND webhook_id = $1
       AND webhook_id IN (SELECT id FROM webhooks WHERE deleted_at IS NULL)
     RETURNING id`,
    [webhookId, deliveryId],
  );
  return rows.length > 0;
}
