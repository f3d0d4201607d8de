/**
 * The staff API under /staff/api/, JSON for the console and for scripts. Every answer is
 * no-store; every read of personal data is recorded in the audit log with who read what (a
 * registration by its id and reference, never its data); a request outside the person's access is
 * answered 404, as if the registration did not exist, and logged as a security event.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { recordAudit } from '../staff/auditLog';
import { recordSecurityEvent } from '../logging';
import { degreePrograms } from '../../src/features/registration/fields';
import { findRegistration, findRegistrations } from './registrationQueries';
import { auditActor } from './signIn';

export interface StaffApiOptions {
  database: Database;
}

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** A registration's id as the path has it (the body's validator coerces nothing). */
const registrationIdParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    programme: { type: 'string', enum: [...degreePrograms] },
    from: day,
    to: day,
    q: { type: 'string', maxLength: 100 },
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
  },
} as const;

interface ListQuery {
  programme?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: string;
}

/** The first moment of a day (YYYY-MM-DD) and of the day after it, in UTC. */
const startOf = (text: string) => new Date(`${text}T00:00:00Z`);
const dayAfter = (text: string) => new Date(startOf(text).getTime() + 24 * 60 * 60 * 1000);

export const staffApiPlugin: FastifyPluginAsync<StaffApiOptions> = async (app, { database }) => {
  app.get('/staff/api/me', async (request) => {
    const { name, email, admin, programmes } = request.staffSession!;
    return { name, email, admin, programmes };
  });

  app.get<{ Querystring: ListQuery }>(
    '/staff/api/registrations',
    { schema: { querystring: listQuery } },
    async (request) => {
      const session = request.staffSession!;
      const { programme, from, to, q } = request.query;
      const page = Number(request.query.page ?? 1);
      if (programme && !session.programmes.includes(programme as never)) {
        recordSecurityEvent(request, 'staff-access-denied');
      }
      const result = await findRegistrations(
        database,
        {
          visibleProgrammes: session.programmes,
          programme,
          from: from ? startOf(from) : undefined,
          to: to ? dayAfter(to) : undefined,
          q,
        },
        page,
      );
      const filter = Object.entries({ programme, from, to, q: q && 'yes', page })
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ');
      await recordAudit(database, {
        command: 'list',
        rowCount: result.items.length,
        osUser: auditActor(session),
        details: filter,
      });
      return result;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/staff/api/registrations/:id',
    { schema: { params: registrationIdParams } },
    async (request) => {
      const session = request.staffSession!;
      const id = Number(request.params.id);
      const registration = await findRegistration(database, id, session.programmes);
      if (!registration) {
        // Another programme's registration looks like none at all, and is worth a look.
        recordSecurityEvent(request, 'staff-access-denied');
        throw app.httpErrors.notFound('No such registration among those you may see');
      }
      await recordAudit(database, {
        command: 'open',
        rowCount: 1,
        osUser: auditActor(session),
        details: `id=${registration.id} reference=${registration.reference}`,
      });
      return registration;
    },
  );
};
