/** The audit log's filter as the staff API takes it, as the log is read: days in TIME_ZONE. */
import type { FastifyRequest } from 'fastify';
import type { AuditLogQuery } from '../../src/contract/consoleApiSchemas';
import { auditPersonApplicant } from '../../src/contract/consoleLimits';
import { applicantAuditActor } from '../applicant/applicantRoutes';
import type { AuditLogFilter } from '../operations/auditLog';
import { dayAfter, isDay, startOfDay } from '../timeZone';
import { staffActorPart } from './auditActors';

export function auditLogFilterOf(
  request: FastifyRequest,
  { event, person, day }: Omit<AuditLogQuery, 'page'>,
  timeZone: string,
): AuditLogFilter {
  if (day && !isDay(day)) {
    throw request.server.httpErrors.badRequest('day is a day that exists, as YYYY-MM-DD');
  }
  return {
    command: event,
    ...(person === auditPersonApplicant
      ? { actor: applicantAuditActor }
      : person && { actorContaining: staffActorPart(person) }),
    ...(day && { from: startOfDay(day, timeZone), to: startOfDay(dayAfter(day), timeZone) }),
  };
}
