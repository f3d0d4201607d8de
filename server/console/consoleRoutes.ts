/**
 * The staff API under /staff/api/, JSON for the console and for scripts. Every read of personal
 * data is recorded in the audit log with who read what (a registration by its id and reference,
 * never its data); a registration outside the person's access is answered 404, as if it did not
 * exist, and logged as a security event; erasing and the audit log are for admins.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readAuditLogPage } from '../operations/auditLog';
import { exportFile } from '../operations/exportFormats';
import { exportMediaTypes } from '../../src/contract/exportFileTypes';
import { defaultLanguage } from '../../src/contract/languages';
import { eraseApplicant, type OperationsContext } from '../operations/operations';
import { identifyingFieldIn } from '../../src/contract/eraseReason';
import { ifMatchOf } from '../../src/contract/processing';
import {
  consoleApiSchemas as schemas,
  type ExportQuery,
  type RegistrationFilter,
} from '../../src/contract/consoleApiSchemas';
import { findAllRegistrations, findRegistrations } from './registrationQueries';
import { answeredRegistration, findRegistrationDetails } from './registrationDetails';
import { describeFilter, searchOf } from './registrationSearch';
import { auditOf, refuseInvisible, refuseMissing, requireAdmin, sessionOf } from './routeSupport';
import { rowsOfPage } from './paging';
import { exportFileName } from './exportFileName';
import { auditActor } from './signIn';
import { withActorsNamed } from './auditActors';
import { auditLogFilterOf } from './auditLogFilter';

export interface ConsoleRoutesOptions {
  operations: OperationsContext;
}

/** Under the staff API's prefix, given where they are registered. */
export const consoleRoutes: FastifyPluginAsyncTypebox<ConsoleRoutesOptions> = async (
  app,
  { operations },
) => {
  const { database } = operations;

  const audit = auditOf(database);

  /** The registration with its notes and history, if the person may see it; 404 if not. */
  async function visibleRegistration(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = Number(request.params.id);
    const found = await findRegistrationDetails(
      database,
      id,
      sessionOf(request).programmes,
      operations.timeZone,
    );
    return found ?? refuseInvisible(request, database, id);
  }

  app.get('/me', { schema: schemas.me }, async (request) => {
    const { subject, name, email, admin, programmes } = sessionOf(request);
    return { subject, name, email, admin, programmes };
  });

  /** A page of the list the filter finds, recorded in the audit log with the filter. */
  async function listPage(request: FastifyRequest, filter: RegistrationFilter, page: number) {
    const search = searchOf(request, filter, operations.timeZone);
    const { total, items } = await findRegistrations(database, search, page);
    await audit(request, 'list', items.length, describeFilter(filter, { page }));
    return { total, items: items.map(answeredRegistration) };
  }

  app.get('/registrations', { schema: schemas.registrations }, async (request) => {
    const { page, ...filter } = request.query;
    return listPage(request, filter, Number(page ?? 1));
  });

  // The console's list: as GET /registrations, with the filter (and its search text) in the body.
  app.post('/registrations/search', { schema: schemas.searchRegistrations }, async (request) => {
    const { page = 1, ...filter } = request.body;
    return listPage(request, filter, page);
  });

  /** Every registration the filter finds, as a file, recorded with the filter and its count. */
  async function exportOf(request: FastifyRequest, reply: FastifyReply, query: ExportQuery) {
    const { format, language = defaultLanguage, ...filter } = query;
    const registrations = await findAllRegistrations(
      database,
      searchOf(request, filter, operations.timeZone),
    );
    await audit(request, 'export', registrations.length, describeFilter(filter, { format }));
    const file = await exportFile(registrations, format, {
      timeZone: operations.timeZone,
      language,
    });
    return reply
      .type(exportMediaTypes[format])
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(filter, format, new Date(), operations.timeZone)}"`,
      )
      .send(file);
  }

  app.get('/export', { schema: schemas.export }, async (request, reply) =>
    exportOf(request, reply, request.query),
  );

  // The console's export: the filter, with its search text, in the body rather than the address.
  app.post('/export', { schema: schemas.exportSearch }, async (request, reply) =>
    exportOf(request, reply, request.body),
  );

  app.get('/registrations/:id', { schema: schemas.registration }, async (request, reply) => {
    const id = Number(request.params.id);
    const { programmes } = sessionOf(request);
    const registration = await findRegistrationDetails(
      database,
      id,
      programmes,
      operations.timeZone,
    );
    // Its old address (a bookmark, the assignee's list) says what became of it.
    if (!registration) return refuseMissing(request, reply, database, id);
    await audit(request, 'open', 1, `id=${registration.id} reference=${registration.reference}`);
    return reply
      .header('etag', ifMatchOf(registration.version))
      .send(answeredRegistration(registration));
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
        { reason: request.body.reason.trim() },
      );
      return reply.code(204).send(null);
    },
  );

  app.get('/audit-log', { schema: schemas.auditLog }, async (request) => {
    requireAdmin(request);
    const { page = '1', ...filter } = request.query;
    const { total, items } = await readAuditLogPage(
      database,
      rowsOfPage(Number(page)),
      auditLogFilterOf(request, filter, operations.timeZone),
    );
    const named = await withActorsNamed(database, items);
    return { total, items: named.map((record) => ({ ...record, at: record.at.toISOString() })) };
  });

  // Written by @fastify/swagger (registered in consolePlugin.ts) from the routes' schemas.
  app.get('/openapi.json', { schema: schemas.openApi }, async () => app.swagger());
};
