/**
 * Queues webhook events in the statement that makes the change (as the confirmation is queued
 * with its registration): one set-based INSERT … SELECT, a join with the endpoints that want the
 * event, which costs next to nothing when there are none.
 */
import type { WebhookEvent } from '../../src/contract/webhooks';
import { isoTime } from '../db/isoTime';

/**
 * A WITH clause's data-modifying part, named `name`, queueing `event` for every row of `source`
 * (a WITH query's name before it: id, reference, degree_program), returning the queued deliveries'
 * ids. A data-modifying WITH part always runs, whether the statement reads it or not.
 */
export const queueWebhookEvents = (name: string, source: string, event: WebhookEvent) =>
  `${name} AS (
    INSERT INTO webhook_deliveries
      (webhook_id, event_type, registration_id, reference, degree_program, payload)
    SELECT webhooks.id, '${event}', changed.id, changed.reference, changed.degree_program,
      json_build_object('type', '${event}',
        'timestamp', ${isoTime('now()')},
        'data', json_build_object('id', changed.id, 'reference', changed.reference,
          'degreeProgram', changed.degree_program))
    FROM ${source} AS changed JOIN webhooks ON webhooks.deleted_at IS NULL
      AND '${event}' = ANY(webhooks.events)
      AND (webhooks.programmes IS NULL OR changed.degree_program = ANY(webhooks.programmes))
    ORDER BY changed.id, webhooks.id
    RETURNING id
  )`;
