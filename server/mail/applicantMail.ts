/**
 * The applicant's mail besides the confirmation, queued in the transaction of what it tells and
 * sent by the outbox's sender (applicantMailDelivery.ts): durable as the confirmations are. Erasing
 * a registration cancels its queued mail; a replaced link cancels the mail that carried it.
 */
import type { Queryable } from '../db/database';
import type { FieldName } from '../../src/contract/fields';
import type { Language } from '../../src/contract/languages';
import { kindsUnknownToPrevious, type ApplicantMailKind } from './applicantMailKinds';

/**
 * How far ahead of its time a row of a kind the previous release cannot write is due, as stored:
 * that release claims whatever is due by `next_attempt_at` alone, so it never reaches these, which
 * this release claims by their time less this. No column needed (expand-only, no migration).
 */
const aheadOfPrevious = "interval '1000 years'";

/** The SQL of what `kind`'s row adds to its time when stored (above). */
export const storedAhead = (kind: string) =>
  `CASE WHEN ${kind} = ANY(ARRAY['${kindsUnknownToPrevious.join("','")}']) ` +
  `THEN ${aheadOfPrevious} ELSE interval '0' END`;

/**
 * Queues information request `requestId`'s email of `kind` (its message or its withdrawal) to
 * registration `registrationId`'s applicant, out of the previous release's sight.
 */
export async function queueRequestMail(
  db: Queryable,
  kind: 'request' | 'request-withdrawn',
  registrationId: number,
  requestId: number,
) {
  await db.query(
    `INSERT INTO applicant_mail (kind, registration_id, request_id, next_attempt_at)
     VALUES ($1, $2, $3, now() + ${storedAhead('$1::text')})`,
    [kind, registrationId, requestId],
  );
}

/** Queues the email that carries link `linkId` of registration `registrationId`. */
export async function queueLinkMail(db: Queryable, registrationId: number, linkId: number) {
  await db.query(
    `INSERT INTO applicant_mail (kind, registration_id, link_id) VALUES ('link', $1, $2)`,
    [registrationId, linkId],
  );
}

/**
 * Queues "your registration was updated: these fields" to the registration's address, or to
 * `address`: the one it had before a correction changed it, so that its owner hears of it too.
 */
export async function queueUpdatedMail(
  db: Queryable,
  registrationId: number,
  fields: readonly FieldName[],
  address?: string,
) {
  await db.query(
    `INSERT INTO applicant_mail (kind, registration_id, fields, address)
     VALUES ('updated', $1, $2, $3)`,
    [registrationId, fields, address ?? null],
  );
}

/** What a withdrawal's notice names of the registration, which is gone once it is sent. */
export interface WithdrawnRegistration {
  address: string;
  language: Language;
  reference: string;
  degreeProgram: string;
  firstName: string;
}

/** Queues "your registration was withdrawn": the registration is gone, so what it names is kept. */
export async function queueWithdrawnMail(db: Queryable, withdrawn: WithdrawnRegistration) {
  await db.query(
    `INSERT INTO applicant_mail (kind, address, language, reference, degree_program, first_name)
     VALUES ('withdrawn', $1, $2, $3, $4, $5)`,
    [
      withdrawn.address,
      withdrawn.language,
      withdrawn.reference,
      withdrawn.degreeProgram,
      withdrawn.firstName,
    ],
  );
}

/**
 * Queues the notice that registration `registrationId`'s applicant answered the office's request to
 * its assignee, if it has one with an address: the reference and the console's link, in `language`.
 */
export async function queueAnswerNotice(db: Queryable, registrationId: number, language: Language) {
  await db.query(
    `INSERT INTO applicant_mail (kind, registration_id, address, language, next_attempt_at)
     SELECT 'request-answered', registrations.id, staff_members.email, $2,
       now() + ${storedAhead("'request-answered'")}
     FROM registrations JOIN staff_members ON staff_members.subject = registrations.assignee
     WHERE registrations.id = $1 AND staff_members.email <> ''`,
    [registrationId, language],
  );
}

export interface ClaimedApplicantMail {
  id: number;
  kind: ApplicantMailKind;
  registration_id: number | null;
  link_id: number | null;
  attempts: number;
  queued_at: Date;
  address: string;
  language: Language;
  /** Null only for a withdrawal queued by a release before schema version 23. */
  reference: string | null;
  degree_program: string | null;
  first_name: string | null;
  /** An information request's message and deadline (YYYY-MM-DD); null for the other kinds. */
  message: string | null;
  deadline: string | null;
  /** A correction's notice: the fields corrected (null if queued by a release before 27). */
  fields: FieldName[] | null;
}

/** Claims up to `limit` due messages for `leaseSeconds` (no two instances take the same one). */
export function claimDueApplicantMail(
  db: Queryable,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedApplicantMail[]> {
  return db.query<ClaimedApplicantMail>(
    `WITH claimed AS (
       UPDATE applicant_mail
       SET attempts = attempts + 1,
         next_attempt_at = now() + make_interval(secs => $2) + ${storedAhead('kind')}
       WHERE id IN (
         SELECT id FROM applicant_mail WHERE next_attempt_at - ${storedAhead('kind')} <= now()
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING *
     )
     SELECT claimed.id, claimed.kind, claimed.registration_id, claimed.link_id, claimed.attempts,
       claimed.queued_at, claimed.fields, coalesce(claimed.address, registrations.email) AS address,
       CASE WHEN claimed.kind = 'request-answered' THEN claimed.language
         ELSE coalesce(registrations.language, claimed.language) END AS language,
       coalesce(registrations.reference, claimed.reference) AS reference,
       coalesce(registrations.degree_program, claimed.degree_program) AS degree_program,
       coalesce(registrations.first_name, claimed.first_name) AS first_name,
       requests.message, requests.deadline
     FROM claimed LEFT JOIN registrations ON registrations.id = claimed.registration_id
     LEFT JOIN registration_requests AS requests ON requests.id = claimed.request_id
     ORDER BY claimed.id`,
    [limit, leaseSeconds],
  );
}

export async function deleteApplicantMail(db: Queryable, id: number) {
  await db.query('DELETE FROM applicant_mail WHERE id = $1', [id]);
}

export async function retryApplicantMailLater(db: Queryable, id: number, seconds: number) {
  await db.query(
    `UPDATE applicant_mail SET next_attempt_at = now() + make_interval(secs => $2) + ${storedAhead('kind')}
     WHERE id = $1`,
    [id, seconds],
  );
}
