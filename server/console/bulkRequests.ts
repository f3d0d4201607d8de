/**
 * An information request to many registrations at once (issue 44): those the ids name or the
 * filter finds, within the person's access whatever the ids say, each asked as makeRequest asks
 * one (an open request replaced, the registration "waiting", the email queued, its link made as
 * it leaves, and counted in its mailbox's cap, never refused by it). One transaction of a few statements, each
 * over all of them, not a round trip each (2,000 within 2 s is the target). The emails leave at
 * the outbox's pace.
 */
import type { Database, Queryable } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import type { RequestBody } from '../../src/contract/informationRequests';
import type { BulkRequestResult } from '../../src/contract/bulkRequestSchemas';
import { storedAhead } from '../mail/applicantMail';
import { lockMailboxes, recordMailboxesSends } from '../mail/mailboxCap';
import { queueWebhookEvents } from '../webhooks/webhookEvents';
import { requestOpen } from './informationRequests';
import { whereOf, type RegistrationSearch } from './registrationQueries';

export interface BulkRequest {
  /** Within the person's access (its visibleProgrammes); ids narrow it further. */
  search: RegistrationSearch;
  ids?: readonly number[];
  /** The officer's subject. */
  actor: string;
  body: RequestBody;
  /** The server's secret: the mailbox's ledger. */
  secret: string;
}

/**
 * Why the ids not asked were left: their applicants withdrew them (of the person's programmes),
 * or the person may see no registration by that id (another programme's, erased, or none).
 */
async function skippedOf(
  tx: Queryable,
  ids: readonly number[],
  asked: number,
  programmes: readonly DegreeProgram[],
) {
  const [{ withdrawn }] = await tx.query<{ withdrawn: number }>(
    `SELECT count(*)::integer AS withdrawn FROM registration_withdrawals
     WHERE id = ANY($1::integer[]) AND degree_program = ANY($2::text[])`,
    [ids, programmes],
  );
  return { withdrawn, notVisible: new Set(ids).size - asked - withdrawn };
}

/** Withdraws the registrations' open requests, and their emails still queued; how many. */
async function withdrawOpen(tx: Queryable, ids: number[], actor: string) {
  const [{ replaced }] = await tx.query<{ replaced: number }>(
    `WITH withdrawn AS (
       UPDATE registration_requests SET withdrawn_at = now(), withdrawn_by = $2
       WHERE registration_id = ANY($1::integer[]) AND ${requestOpen('registration_requests')}
       RETURNING id
     ), unsent AS (
       DELETE FROM applicant_mail WHERE request_id IN (SELECT id FROM withdrawn)
     )
     SELECT count(*)::integer AS replaced FROM withdrawn`,
    [ids, actor],
  );
  return replaced;
}

/**
 * Makes the requests and moves the registrations "waiting" (one version on each, the webhooks
 * told, a state's change in its history); resolves with each one's request, by registration id.
 */
async function makeRequests(tx: Queryable, ids: number[], actor: string, body: RequestBody) {
  const made = await tx.query<{ id: number; registration_id: number }>(
    `WITH target AS (
       SELECT id, state AS old_state FROM registrations WHERE id = ANY($1::integer[])
     ), moved AS (
       UPDATE registrations SET state = 'waiting', version = registrations.version + 1
       FROM target WHERE registrations.id = target.id
       RETURNING registrations.id, registrations.reference, registrations.degree_program,
         target.old_state
     ), ${queueWebhookEvents('updated_events', 'moved', 'registration.updated')}, recorded AS (
       INSERT INTO registration_history (registration_id, actor, type, from_value, to_value)
       SELECT id, $2::text, 'state', to_jsonb(old_state), to_jsonb('waiting'::text)
       FROM moved WHERE old_state <> 'waiting'
     )
     INSERT INTO registration_requests (registration_id, requested_by, fields, message, deadline)
     SELECT id, $2, $3::text[], $4, $5 FROM unnest($1::integer[]) AS id
     RETURNING id, registration_id`,
    [ids, actor, body.fields, body.message, body.deadline],
  );
  return new Map(made.map((row) => [row.registration_id, row.id]));
}

export function bulkRequest(
  db: Database,
  { search, ids, actor, body, secret }: BulkRequest,
): Promise<BulkRequestResult> {
  return db.transaction(async (tx): Promise<BulkRequestResult> => {
    const { where, params } = whereOf(search);
    const chosen = ids ? `${where} AND id = ANY($${params.push(ids)}::integer[])` : where;
    // Locked in the order of their ids, so that two such requests over the same rows queue.
    const targets = await tx.query<{ id: number; email: string; mailbox: string }>(
      `SELECT id, email, registration_mailbox(email) AS mailbox FROM registrations
       WHERE ${chosen} ORDER BY id FOR UPDATE`,
      params,
    );
    const skipped = ids
      ? await skippedOf(tx, ids, targets.length, search.visibleProgrammes)
      : { withdrawn: 0, notVisible: 0 };
    if (targets.length === 0) return { asked: 0, replaced: 0, skipped };
    const targetIds = targets.map((target) => target.id);
    await lockMailboxes(
      tx,
      targets.map((target) => target.email),
    );
    const replaced = await withdrawOpen(tx, targetIds, actor);
    const requests = await makeRequests(tx, targetIds, actor, body);
    await recordMailboxesSends(
      tx,
      secret,
      targets.map((target) => target.mailbox),
    );
    // As queueRequestMail queues one: out of the previous release's sight.
    await tx.query(
      `INSERT INTO applicant_mail (kind, registration_id, request_id, next_attempt_at)
       SELECT 'request', registration_id, request_id, now() + ${storedAhead("'request'")}
       FROM unnest($1::integer[], $2::integer[]) AS mail (registration_id, request_id)
       ORDER BY registration_id`,
      [targetIds, targetIds.map((id) => requests.get(id))],
    );
    return { asked: targets.length, replaced, skipped };
  });
}
