/**
 * The office's information requests (issue 44), as stored (migration 26): one open request a
 * registration, which a new one replaces. Making one sets the registration "waiting", gives the
 * applicant a fresh link and queues its email, in one transaction; withdrawing one tells the
 * applicant. The email counts against the mailbox's daily cap but is never refused by it: an
 * officer's request is not a flood.
 */
import type { Database, Queryable } from '../db/database';
import type { DegreeProgram, FieldName } from '../../src/contract/fields';
import type { ProcessingState } from '../../src/contract/processing';
import type { InformationRequest, RequestBody } from '../../src/contract/informationRequests';
import { lockMailboxes, recordMailboxSend } from '../mail/mailboxCap';
import { queueRequestMail } from '../mail/applicantMail';
import { queueWebhookEvents } from '../webhooks/webhookEvents';
import type { HistoryEntry } from '../../src/contract/consoleApiSchemas';
import { personOf } from '../db/processing';
import { recordChanges } from './history';

/** The SQL condition of a request still awaiting its answer. */
export const requestOpen = (table: string) =>
  `${table}.answered_at IS NULL AND ${table}.withdrawn_at IS NULL`;

interface RequestRow {
  id: number;
  requested_at: Date;
  requested_by: string;
  fields: FieldName[];
  message: string;
  deadline: string;
  reminded_at: Date | null;
  answered_at: Date | null;
  withdrawn_at: Date | null;
  withdrawn_by: string | null;
  late: boolean;
  overdue: boolean;
}

/**
 * The columns a RequestRow is read with, given the parameters of today's day in TIME_ZONE and of
 * TIME_ZONE itself: an answer is late when it came on a day after the deadline there.
 */
const requestColumns = (today: string, timeZone: string) => `id, requested_at, requested_by,
  fields, message, deadline, reminded_at, answered_at,
  withdrawn_at, withdrawn_by,
  coalesce((answered_at AT TIME ZONE ${timeZone})::date > deadline::date, false) AS late,
  (${requestOpen('registration_requests')} AND deadline < ${today}) AS overdue`;

/** Today's day in TIME_ZONE, and TIME_ZONE: what overdue and late are judged by. */
export interface Today {
  today: string;
  timeZone: string;
}

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

export const requestOf = (row: RequestRow): InformationRequest => ({
  id: row.id,
  requestedAt: iso(row.requested_at)!,
  fields: row.fields,
  message: row.message,
  deadline: row.deadline,
  remindedAt: iso(row.reminded_at),
  answeredAt: iso(row.answered_at),
  late: row.late,
  withdrawnAt: iso(row.withdrawn_at),
  overdue: row.overdue,
});

/**
 * Registration `id`'s latest request, and every request's steps as its timeline shows them: made,
 * answered (late or not), withdrawn or replaced; each with who and when.
 */
export async function readRequestHistory(
  db: Queryable,
  id: number,
  { today, timeZone }: Today,
): Promise<{ request: InformationRequest | null; entries: HistoryEntry[] }> {
  const rows = await db.query<
    RequestRow & { requested_by_name: string | null; withdrawn_by_name: string | null }
  >(
    `SELECT ${requestColumns('$2', '$3')},
       (SELECT name FROM staff_members WHERE subject = requested_by) AS requested_by_name,
       (SELECT name FROM staff_members WHERE subject = withdrawn_by) AS withdrawn_by_name
     FROM registration_requests WHERE registration_id = $1 ORDER BY id`,
    [id, today, timeZone],
  );
  const entries = rows.flatMap((row): HistoryEntry[] => {
    const request = requestOf(row);
    const requestId = row.id;
    return [
      {
        at: request.requestedAt,
        actor: personOf(row.requested_by, row.requested_by_name),
        type: 'request',
        requestId,
        fields: request.fields,
        deadline: request.deadline,
      },
      ...(request.answeredAt === null
        ? []
        : [
            {
              at: request.answeredAt,
              actor: null,
              type: 'request-answered' as const,
              requestId,
              late: request.late,
            },
          ]),
      ...(request.withdrawnAt === null
        ? []
        : [
            {
              at: request.withdrawnAt,
              actor:
                row.withdrawn_by === null
                  ? null
                  : personOf(row.withdrawn_by, row.withdrawn_by_name),
              type: 'request-withdrawn' as const,
              requestId,
            },
          ]),
    ];
  });
  const latest = rows.at(-1);
  return { request: latest ? requestOf(latest) : null, entries };
}

interface LockedRegistration {
  reference: string;
  state: ProcessingState;
  email: string;
}

async function lockRegistration(tx: Queryable, id: number, programmes: readonly DegreeProgram[]) {
  const [row] = await tx.query<LockedRegistration>(
    `SELECT reference, state, email FROM registrations
     WHERE id = $1 AND degree_program = ANY($2::text[]) FOR UPDATE`,
    [id, programmes],
  );
  return row;
}

/** Moves registration `id` to `to` (if it is not there), one version on, the webhooks told. */
async function moveState(
  tx: Queryable,
  id: number,
  actor: string,
  from: ProcessingState,
  to: ProcessingState,
) {
  await tx.query(
    `WITH changed AS (
       UPDATE registrations SET state = $2, version = version + 1 WHERE id = $1
       RETURNING id, reference, degree_program
     ), ${queueWebhookEvents('updated_events', 'changed', 'registration.updated')}
     SELECT 1`,
    [id, to],
  );
  if (from !== to) await recordChanges(tx, id, actor, [{ type: 'state', from, to }]);
}

/** Withdraws the open request of registration `id`, if any; resolves with its id. */
async function withdrawOpen(tx: Queryable, id: number, actor: string) {
  const [withdrawn] = await tx.query<{ id: number }>(
    `UPDATE registration_requests SET withdrawn_at = now(), withdrawn_by = $2
     WHERE registration_id = $1 AND ${requestOpen('registration_requests')} RETURNING id`,
    [id, actor],
  );
  // Its email, if still queued, would ask for what is no longer asked.
  if (withdrawn) await tx.query('DELETE FROM applicant_mail WHERE request_id = $1', [withdrawn.id]);
  return withdrawn?.id;
}

export interface MakeRequest {
  id: number;
  programmes: readonly DegreeProgram[];
  /** The officer's subject. */
  actor: string;
  body: RequestBody;
  /** The server's secret: the mailbox's ledger. */
  secret: string;
}

export type MadeRequest =
  | { outcome: 'not-visible' }
  | { outcome: 'made'; reference: string; request: RequestRow; replaced: boolean };

/**
 * Makes the request: any open one withdrawn in its favour, the registration "waiting", the email
 * queued (counted in the mailbox's cap, never refused by it).
 */
export function makeRequest(db: Database, request: MakeRequest, { today, timeZone }: Today) {
  const { id, programmes, actor, body, secret } = request;
  return db.transaction(async (tx): Promise<MadeRequest> => {
    const registration = await lockRegistration(tx, id, programmes);
    if (!registration) return { outcome: 'not-visible' };
    const replaced = (await withdrawOpen(tx, id, actor)) !== undefined;
    const [made] = await tx.query<RequestRow>(
      `WITH made AS (
         INSERT INTO registration_requests (registration_id, requested_by, fields, message, deadline)
         VALUES ($1, $2, $3::text[], $4, $5) RETURNING *
       )
       SELECT ${requestColumns('$6', '$7')} FROM made AS registration_requests`,
      [id, actor, body.fields, body.message, body.deadline, today, timeZone],
    );
    await moveState(tx, id, actor, registration.state, 'waiting');
    await lockMailboxes(tx, [registration.email]);
    await recordMailboxSend(tx, secret, registration.email);
    // Its link is made as the email leaves (applicantMailDelivery.ts), so that a confirmation
    // still queued does not replace it.
    await queueRequestMail(tx, 'request', id, made.id);
    return { outcome: 'made', reference: registration.reference, request: made, replaced };
  });
}

export type WithdrawnRequest =
  | { outcome: 'not-visible' }
  | { outcome: 'none-open' }
  | { outcome: 'withdrawn'; reference: string; requestId: number };

/**
 * Withdraws registration `id`'s open request and tells the applicant; the registration goes back
 * "in progress" if it was still waiting. The request's one conditional UPDATE decides between
 * this and the applicant's answer arriving together: the later finds none open.
 */
export function withdrawRequest(
  db: Database,
  { id, programmes, actor }: { id: number; programmes: readonly DegreeProgram[]; actor: string },
) {
  return db.transaction(async (tx): Promise<WithdrawnRequest> => {
    const registration = await lockRegistration(tx, id, programmes);
    if (!registration) return { outcome: 'not-visible' };
    const requestId = await withdrawOpen(tx, id, actor);
    if (requestId === undefined) return { outcome: 'none-open' };
    if (registration.state === 'waiting') {
      await moveState(tx, id, actor, 'waiting', 'in-progress');
    }
    await queueRequestMail(tx, 'request-withdrawn', id, requestId);
    return { outcome: 'withdrawn', reference: registration.reference, requestId };
  });
}
