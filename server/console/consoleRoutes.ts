/**
 * The staff API under /staff/api/, JSON for the console and for scripts. Every read of personal
 * data is recorded in the audit log with who read what (a registration by its id and reference,
 * never its data); a registration outside the person's access is answered 404, as if it did not
 * exist, and logged as a security event; erasing and the audit log are for admins.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { recordSecurityEvent } from '../logging';
import { isDay, startOfDay } from '../timeZone';
import { readAuditLogPage, recordAudit } from '../operations/auditLog';
import {
  exportFile,
  exportFormats,
  exportMediaTypes,
  type ExportFormat,
} from '../operations/exportFormats';
import { defaultLanguage, languages, type Language } from '../../src/contract/languages';
import { eraseApplicant, type OperationsContext } from '../operations/operations';
import { degreePrograms } from '../../src/contract/fields';
import { eraseReasonLength, identifyingFieldIn } from '../../src/contract/eraseReason';
import {
  findAllRegistrations,
  findRegistration,
  findRegistrations,
  registrationExists,
  type RegistrationFilter,
} from './registrationQueries';
import { pageParameter, rowsOfPage } from './paging';
import { auditActor } from './signIn';

export interface ConsoleRoutesOptions {
  operations: OperationsContext;
}

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const filterProperties = {
  programme: { type: 'string', enum: [...degreePrograms] },
  from: day,
  to: day,
  q: { type: 'string', maxLength: 100 },
} as const;

interface FilterQuery {
  programme?: string;
  from?: string;
  to?: string;
  q?: string;
}

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...filterProperties, page: pageParameter },
} as const;

const auditLogQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page: pageParameter },
} as const;

const exportQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['format'],
  properties: {
    ...filterProperties,
    format: { type: 'string', enum: [...exportFormats] },
    // The xlsx's headings: the console's language.
    language: { type: 'string', enum: [...languages] },
  },
} as const;

/** A registration's id as the path has it (the validator coerces nothing). */
const registrationIdParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
} as const;

const eraseBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: {
      type: 'string',
      minLength: eraseReasonLength.min,
      maxLength: eraseReasonLength.max,
      pattern: '\\S',
    },
  },
} as const;

/** The day after `day` (YYYY-MM-DD), as the calendar has it. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const sessionOf = (request: FastifyRequest) => request.staffSession!;

/** The person's filter: what they asked for, within what they may see. */
function filterOf(
  request: FastifyRequest<{ Querystring: FilterQuery }>,
  timeZone: string,
): RegistrationFilter {
  const { programme, from, to, q } = request.query;
  if ((from && !isDay(from)) || (to && !isDay(to))) {
    throw request.server.httpErrors.badRequest('from and to are days that exist, as YYYY-MM-DD');
  }
  const session = sessionOf(request);
  if (session.programmes.length === 0) {
    recordSecurityEvent(request, 'staff-access-denied');
    throw request.server.httpErrors.forbidden('Your groups give you no degree programme');
  }
  if (programme && !session.programmes.includes(programme as never)) {
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
function describeFilter({ programme, from, to, q }: FilterQuery, extra: Record<string, unknown>) {
  return Object.entries({ ...extra, programme, from, to, search: q && 'yes' })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

export const consoleRoutes: FastifyPluginAsync<ConsoleRoutesOptions> = async (
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

  app.get('/staff/api/me', async (request) => {
    const { name, email, admin, programmes } = sessionOf(request);
    return { name, email, admin, programmes };
  });

  app.get<{ Querystring: FilterQuery & { page?: string } }>(
    '/staff/api/registrations',
    { schema: { querystring: listQuery } },
    async (request) => {
      const page = Number(request.query.page ?? 1);
      const result = await findRegistrations(
        database,
        filterOf(request, operations.timeZone),
        page,
      );
      await audit(request, 'list', result.items.length, describeFilter(request.query, { page }));
      return result;
    },
  );

  app.get<{ Querystring: FilterQuery & { format: ExportFormat; language?: Language } }>(
    '/staff/api/export',
    { schema: { querystring: exportQuery } },
    async (request, reply) => {
      const { format } = request.query;
      const registrations = await findAllRegistrations(
        database,
        filterOf(request, operations.timeZone),
      );
      await audit(
        request,
        'export',
        registrations.length,
        describeFilter(request.query, { format }),
      );
      const file = await exportFile(registrations, format, {
        timeZone: operations.timeZone,
        language: request.query.language ?? defaultLanguage,
      });
      return reply
        .type(exportMediaTypes[format])
        .header('content-disposition', `attachment; filename="registrations.${format}"`)
        .send(file);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/api/registrations/:id',
    { schema: { params: registrationIdParams } },
    async (request) => {
      const registration = await visibleRegistration(request);
      await audit(request, 'open', 1, `id=${registration.id} reference=${registration.reference}`);
      return registration;
    },
  );

  // Everything stored about one applicant's registration (GDPR Art. 15), as a file.
  app.get<{ Params: { id: string } }>(
    '/staff/api/registrations/:id/data',
    { schema: { params: registrationIdParams } },
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
        .send(registration);
    },
  );

  app.delete<{ Params: { id: string }; Body: { reason: string } }>(
    '/staff/api/registrations/:id',
    { schema: { params: registrationIdParams, body: eraseBody } },
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
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { page?: string } }>(
    '/staff/api/audit-log',
    { schema: { querystring: auditLogQuery } },
    async (request) => {
      requireAdmin(request);
      return readAuditLogPage(database, rowsOfPage(Number(request.query.page ?? 1)));
    },
  );
};
