/**
 * The staff API under /staff/api/, JSON for the console and for scripts. Every read of personal
 * data is recorded in the audit log with who read what (a registration by its id and reference,
 * never its data); a registration outside the person's access is answered 404, as if it did not
 * exist, and logged as a security event; erasing and the audit log are for admins.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordSecurityEvent } from '../logging';
import { isDay, startOfDay } from '../timeZone';
import { readAuditLogPage, recordAudit, type AuditRecord } from '../operations/auditLog';
import { exportFile } from '../operations/exportFormats';
import { exportMediaTypes } from '../../src/contract/exportFileTypes';
import { defaultLanguage } from '../../src/contract/languages';
import { eraseApplicant, type OperationsContext } from '../operations/operations';
import { identifyingFieldIn } from '../../src/contract/eraseReason';
import {
  consoleApiSchemas as schemas,
  type RegistrationFilter,
} from '../../src/contract/consoleApiSchemas';
import type { StoredRegistration } from '../db/registrations';
import {
  findAllRegistrations,
  findRegistration,
  findRegistrations,
  registrationExists,
  type RegistrationSearch,
} from './registrationQueries';
import { rowsOfPage } from './paging';
import { auditActor } from './signIn';

export interface ConsoleRoutesOptions {
  operations: OperationsContext;
}

/** The day after `day` (YYYY-MM-DD), as the calendar has it. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const sessionOf = (request: FastifyRequest) => request.staffSession!;

/** The person's search: what they asked for, within what they may see. */
function searchOf(
  request: FastifyRequest<{ Querystring: RegistrationFilter }>,
  timeZone: string,
): RegistrationSearch {
  const { programme, from, to, q } = request.query;
  if ((from && !isDay(from)) || (to && !isDay(to))) {
    throw request.server.httpErrors.badRequest('from and to are days that exist, as YYYY-MM-DD');
  }
  const session = sessionOf(request);
  if (session.programmes.length === 0) {
    recordSecurityEvent(request, 'staff-access-denied');
    throw request.server.httpErrors.forbidden('Your groups give you no degree programme');
  }
  if (programme && !session.programmes.includes(programme)) {
    recordSecurityEvent(request, 'staff-access-denied');
  }
  return {
    visibleProgrammes: session.programmes,
    programme,
    // Days as the staff's calendar has them: in TIME_ZONE.
    from: from ? startOfDay(from, timeZone) : undefined,
    to: to ? startOfDay(dayAfter(to), timeZone) : undefined,
    q,
  };
}

/** The filter as the audit log records it: never the search text, which may be a name. */
function describeFilter(
  { programme, from, to, q }: RegistrationFilter,
  extra: Record<string, unknown>,
) {
  return Object.entries({ ...extra, programme, from, to, search: q && 'yes' })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** Times leave as ISO 8601 text, as the schemas write them. */
const answeredRegistration = <Registration extends StoredRegistration>(
  registration: Registration,
) => ({
  ...registration,
  createdAt: registration.createdAt.toISOString(),
});
const answeredAuditRecord = (record: AuditRecord) => ({ ...record, at: record.at.toISOString() });

/** Under the staff API's prefix, given where they are registered. */
export const consoleRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { operations },
) => {
  const { database } = operations;

  async function visibleRegistration(request: FastifyRequest<{ Params: { id: string } }>) {
    const session = sessionOf(request);
    const id = Number(request.params.id);
    const found = await findRegistration(database, id, session.programmes);
    if (!found) {
      // Another programme's registration looks like none at all, and is worth a look; one just
      // erased (the console asking once more) is not.
      if (await registrationExists(database, id)) {
        recordSecurityEvent(request, 'staff-access-denied');
      }
      throw app.httpErrors.notFound('No such registration among those you may see');
    }
    return found;
  }

  function requireAdmin(request: FastifyRequest) {
    if (!sessionOf(request).admin) {
      recordSecurityEvent(request, 'staff-access-denied');
      throw app.httpErrors.forbidden('Only the admissions admins may do this');
    }
  }

  const audit = (request: FastifyRequest, command: string, rowCount: number, details: string) =>
    recordAudit(database, { command, rowCount, actor: auditActor(sessionOf(request)), details });

  app.get('/me', { schema: schemas.me }, async (request) => {
    const { subject, name, email, admin, programmes } = sessionOf(request);
    return { subject, name, email, admin, programmes };
  });

  app.get('/registrations', { schema: schemas.registrations }, async (request) => {
    const page = Number(request.query.page ?? 1);
    const { total, items } = await findRegistrations(
      database,
      searchOf(request, operations.timeZone),
      page,
    );
    await audit(request, 'list', items.length, describeFilter(request.query, { page }));
    return { total, items: items.map(answeredRegistration) };
  });

  app.get('/export', { schema: schemas.export }, async (request, reply) => {
    const { format } = request.query;
    const registrations = await findAllRegistrations(
      database,
      searchOf(request, operations.timeZone),
    );
    await audit(request, 'export', registrations.length, describeFilter(request.query, { format }));
    const file = await exportFile(registrations, format, {
      timeZone: operations.timeZone,
      language: request.query.language ?? defaultLanguage,
    });
    return reply
      .type(exportMediaTypes[format])
      .header('content-disposition', `attachment; filename="registrations.${format}"`)
      .send(file);
  });

  app.get('/registrations/:id', { schema: schemas.registration }, async (request) => {
    const registration = await visibleRegistration(request);
    await audit(request, 'open', 1, `id=${registration.id} reference=${registration.reference}`);
    return answeredRegistration(registration);
  });

  // Everything stored about one applicant's registration (GDPR Art. 15), as a file.
  app.get(
    '/registrations/:id/data',
    { schema: schemas.registrationData },
    async (request, reply) => {
      const registration = await visibleRegistration(request);
      await audit(
        request,
        'download',
        1,
        `id=${registration.id} reference=${registration.reference}`,
      );
      return reply
        .header(
          'content-disposition',
          `attachment; filename="registration-${registration.reference}.json"`,
        )
        .send(answeredRegistration(registration));
    },
  );

  app.delete(
    '/registrations/:id',
    { schema: schemas.eraseRegistration },
    async (request, reply) => {
      requireAdmin(request);
      const registration = await visibleRegistration(request);
      if (identifyingFieldIn(request.body.reason, registration)) {
        throw app.httpErrors.unprocessableEntity(
          "The reason would keep the applicant's personal data in the audit log: leave it out",
        );
      }
      await eraseApplicant(
        operations,
        { reference: registration.reference },
        auditActor(sessionOf(request)),
        request.body.reason.trim(),
      );
      return reply.code(204).send(null);
    },
  );

  app.get('/audit-log', { schema: schemas.auditLog }, async (request) => {
    requireAdmin(request);
    const { total, items } = await readAuditLogPage(
      database,
      rowsOfPage(Number(request.query.page ?? 1)),
    );
    return { total, items: items.map(answeredAuditRecord) };
  });

  // Written by @fastify/swagger (registered in consolePlugin.ts) from the routes' schemas.
  app.get('/openapi.json', { schema: schemas.openApi }, async () => app.swagger());
};
