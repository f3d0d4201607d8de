/**
 * The applicant's side of the office's information requests (issue 44): the open request, shown
 * first once the birthday is given, and its answer. The answer is recorded by one conditional
 * UPDATE in the answer's transaction: an officer withdrawing the request at the same moment makes
 * the same UPDATE's condition false for whichever comes second, which is then refused (409).
 */
import type { Queryable } from '../db/database';
import type { VerifiedRegistration } from '../../src/contract/applicantApiSchemas';
import { requestOpen } from '../console/informationRequests';
import { queueAnswerNotice } from '../mail/applicantMail';
import { defaultLanguage } from '../../src/contract/languages';

export type OpenRequest = NonNullable<VerifiedRegistration['request']>;

/** Thrown in the answer's transaction when the request is no longer open: it is rolled back. */
export class RequestClosed extends Error {
  constructor() {
    super('The request was withdrawn or replaced');
  }
}

/** Registration `registrationId`'s open request, or null. */
export async function openRequestOf(
  db: Queryable,
  registrationId: number,
): Promise<OpenRequest | null> {
  const [row] = await db.query<OpenRequest>(
    `SELECT id, fields, message, deadline FROM registration_requests
     WHERE registration_id = $1 AND ${requestOpen('registration_requests')}`,
    [registrationId],
  );
  return row ?? null;
}

/**
 * Marks request `requestId` answered if it is still open, and tells the assignee by email when
 * `tellAssignee` (REQUEST_ANSWER_STAFF_EMAILS); throws RequestClosed if it is not open.
 */
export async function answerOpenRequest(
  tx: Queryable,
  registrationId: number,
  requestId: number,
  tellAssignee: boolean,
) {
  const answered = await tx.query(
    `UPDATE registration_requests SET answered_at = now()
     WHERE id = $1 AND registration_id = $2 AND ${requestOpen('registration_requests')}
     RETURNING id`,
    [requestId, registrationId],
  );
  if (answered.length === 0) throw new RequestClosed();
  // The console does not store a person's language: the notice speaks the default one.
  if (tellAssignee) await queueAnswerNotice(tx, registrationId, defaultLanguage);
}
