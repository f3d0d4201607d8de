/**
 * The delivery queue's statements: claiming the due deliveries for a lease, recording how each
 * attempt went, and the figures the metrics read.
 */
import type { Queryable } from '../db/database';

export interface ClaimedDelivery {
  id: string;
  message_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Due and pending, with no earlier delivery of the same registration to the same endpoint still
 * pending (in order per registration), for an endpoint not deleted; FOR UPDATE SKIP LOCKED:
 * instances sharing a PostgreSQL never take the same one. The lease (next_attempt_at) makes one
 * claimed by an instance that crashed due again once it ends.
 */
const claimStatement = `WITH claimed AS (
    UPDATE webhook_deliveries
    SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
    WHERE id IN (
      SELECT due.id FROM webhook_deliveries AS due
      WHERE due.state = 'pending' AND due.next_attempt_at <= now()
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries AS earlier
          WHERE earlier.state = 'pending' AND earlier.webhook_id = due.webhook_id
            AND earlier.registration_id = due.registration_id AND earlier.id < due.id
        )
      ORDER BY due.id LIMIT $1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id, message_id, webhook_id, payload, attempts
  )
  SELECT claimed.id, claimed.message_id, claimed.payload, claimed.attempts,
    webhooks.url, webhooks.secret
  FROM claimed JOIN webhooks ON webhooks.id = claimed.webhook_id ORDER BY claimed.id`;

export function claimDueDeliveries(
  database: Queryable,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  return database.query<ClaimedDelivery>(claimStatement, [limit, leaseSeconds]);
}

/** How one attempt went: delivered, due again in `retryInSeconds`, failed for good, or given back. */
export interface AttemptOutcome {
  id: string;
  state: 'pending' | 'delivered' | 'failed';
  retryInSeconds: number;
  status: number | null;
  error: string | null;
  /** Not tried after all (the server stopping): its attempt is not counted. */
  givenBack?: boolean;
}

/** Every outcome in one statement: on PGlite each statement is a commit with its fsync. */
export async function recordOutcomes(database: Queryable, outcomes: AttemptOutcome[]) {
  if (outcomes.length === 0) return;
  await database.query(
    `UPDATE webhook_deliveries AS delivery SET state = outcome.state,
       attempts = delivery.attempts - CASE WHEN outcome.given_back THEN 1 ELSE 0 END,
       next_attempt_at = now() + make_interval(secs => outcome.retry_in),
       last_attempt_at = CASE WHEN outcome.given_back THEN delivery.last_attempt_at ELSE now() END,
       last_status = outcome.status, last_error = outcome.error
     FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::integer[], $5::text[], $6::boolean[])
       AS outcome (id, state, retry_in, status, error, given_back)
     WHERE delivery.id = outcome.id`,
    [
      outcomes.map((outcome) => outcome.id),
      outcomes.map((outcome) => outcome.state),
      outcomes.map((outcome) => outcome.retryInSeconds),
      outcomes.map((outcome) => outcome.status),
      outcomes.map((outcome) => outcome.error),
      outcomes.map((outcome) => outcome.givenBack ?? false),
    ],
  );
}

/** How long the oldest delivery not yet made has waited, in seconds (0 when none waits). */
export async function readOldestUndeliveredAge(database: Queryable): Promise<number> {
  const [row] = await database.query<{ oldest: number }>(
    `SELECT coalesce(extract(epoch FROM now() - min(queued_at)), 0)::float8 AS oldest
     FROM webhook_deliveries WHERE state = 'pending'`,
  );
  return row.oldest;
}
