/**
 * The outbox table's statements: claiming the due messages for a lease, deleting the ones sent,
 * putting a failed one back for later, and the figures the metrics read.
 */
import type { Queryable } from '../db/database';
import type { RegistrationRow } from '../db/registrations';

/** A claimed message: its registration's row, with the outbox's id and the attempts so far. */
export type ClaimedRow = RegistrationRow & { outbox_id: number; outbox_attempts: number };

/** $3: the messages just sent, deleted in the same statement (a data-modifying WITH always runs). */
const claimDueStatement = `WITH sent AS (
    DELETE FROM outbox WHERE id = ANY($3::integer[])
  ), claimed AS (
    UPDATE outbox
    SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
    WHERE id IN (
      SELECT id FROM outbox WHERE next_attempt_at <= now()
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
    )
    RETURNING id, registration_id, attempts
  )
  SELECT claimed.id AS outbox_id, claimed.attempts AS outbox_attempts, registrations.*
  FROM claimed JOIN registrations ON registrations.id = claimed.registration_id`;

/**
 * Claims up to `limit` due messages for `leaseSeconds` (FOR UPDATE SKIP LOCKED: instances sharing
 * a PostgreSQL never take the same one), and deletes the ones `sent` in the same statement.
 */
export function claimDue(
  database: Queryable,
  limit: number,
  leaseSeconds: number,
  sent: number[],
): Promise<ClaimedRow[]> {
  return database.query<ClaimedRow>(claimDueStatement, [limit, leaseSeconds, sent]);
}

export async function deleteSent(database: Queryable, sent: number[]): Promise<void> {
  await database.query('DELETE FROM outbox WHERE id = ANY($1::integer[])', [sent]);
}

/** The message is due again in `seconds`, its failed attempt counted. */
export async function retryLater(database: Queryable, id: number, seconds: number): Promise<void> {
  await database.query(
    'UPDATE outbox SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1',
    [id, seconds],
  );
}

/** Claims given back untried while the relay refuses: its trouble is not counted as theirs. */
export async function giveBack(database: Queryable, ids: number[], seconds: number): Promise<void> {
  await database.query(
    `UPDATE outbox
     SET attempts = attempts - 1, next_attempt_at = now() + make_interval(secs => $2)
     WHERE id = ANY($1::integer[])`,
    [ids, seconds],
  );
}

export interface OutboxStats {
  queued: number;
  /** 0 when nothing is queued. */
  oldestAgeSeconds: number;
}

/** How many confirmations wait, and for how long the oldest has. */
export async function readOutboxStats(database: Queryable): Promise<OutboxStats> {
  const [row] = await database.query<{ queued: number; oldest: number }>(
    `SELECT count(*)::integer AS queued,
       coalesce(extract(epoch FROM now() - min(queued_at)), 0)::float8 AS oldest
     FROM outbox`,
  );
  return { queued: row.queued, oldestAgeSeconds: row.oldest };
}
