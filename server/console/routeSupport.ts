/**
 * What the staff API's routes share: the person signed in, the audit log's entry for what they
 * did, and the refusals of what they may not see or do.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import type { Queryable } from '../db/database';
import { recordSecurityEvent } from '../logging';
import { recordAudit } from '../operations/auditLog';
import { registrationExists } from './registrationQueries';
import { auditActor } from './signIn';
import { findWithdrawal } from './withdrawals';

export const sessionOf = (request: FastifyRequest) => request.staffSession!;

/** Records what the person did: how many rows, and what, never a value. */
export const auditOf =
  (database: Queryable) =>
  (request: FastifyRequest, command: string, rowCount: number, details: string) =>
    recordAudit(database, { command, rowCount, actor: auditActor(sessionOf(request)), details });

/**
 * Refuses a registration the person may not see as if it did not exist: another programme's is
 * worth a look (a security event); one just erased (the console asking once more) is not.
 */
export async function refuseInvisible(
  request: FastifyRequest,
  database: Queryable,
  id: number,
): Promise<never> {
  if (await registrationExists(database, id)) recordSecurityEvent(request, 'staff-access-denied');
  throw request.server.httpErrors.notFound('No such registration among those you may see');
}

/**
 * A change of many by ids (or a request to many) names another programme's registration: left
 * alone as if it did not exist, but worth a look (a security event), as one such id alone is.
 */
export async function noteOthersNamed(
  request: FastifyRequest,
  database: Queryable,
  ids: readonly number[],
) {
  const [{ others }] = await database.query<{ others: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM registrations
       WHERE id = ANY($1::integer[]) AND NOT degree_program = ANY($2::text[])) AS others`,
    [ids, sessionOf(request).programmes],
  );
  if (others) recordSecurityEvent(request, 'staff-access-denied');
}

export function requireAdmin(request: FastifyRequest) {
  if (!sessionOf(request).admin) {
    recordSecurityEvent(request, 'staff-access-denied');
    throw request.server.httpErrors.forbidden('Only the admissions admins may do this');
  }
}

/**
 * Refuses a registration that is not there to see: one its applicant withdrew says so (410), its
 * old address, a save or a note alike, so that the page open on it can tell; any other as above.
 */
export async function refuseMissing(
  request: FastifyRequest,
  reply: FastifyReply,
  database: Queryable,
  id: number,
) {
  const withdrawal = await findWithdrawal(database, id, sessionOf(request).programmes);
  if (!withdrawal) return refuseInvisible(request, database, id);
  return reply
    .code(410)
    .send({ ...apiError(410, 'The applicant withdrew this registration'), withdrawal });
}
