/**
 * The staff API's processing routes: change one registration (state, assignee, corrections) on
 * the version read, add a note, resolve a pair of possible duplicates, change many at once, whom to assign, and the overview. Each
 * change is recorded in the audit log as what changed, never a value; a registration outside the
 * person's access is answered 404 and logged as a security event, as everywhere in the API.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiError } from '../errors';
import type { Queryable } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import { versionOfRequest, rulesBrokenAnswer } from '../versionedChange';
import { recordSecurityEvent } from '../logging';
import type { OperationsContext } from '../operations/operations';
import { consoleApiSchemas as schemas } from '../../src/contract/consoleApiSchemas';
import { createRegistrationSchema } from '../../src/contract/registrationSchema';
import { ifMatchOf } from '../../src/contract/processing';
import { bulkChange } from './bulkChanges';
import { resolveDuplicate } from './duplicateReviews';
import { addNote } from './history';
import { readOverview } from './overview';
import { changeRegistration, describeChanges, describeSettings } from './registrationChanges';
import { answeredRegistration, findRegistrationDetails } from './registrationDetails';
import { describeChosen, searchOf } from './registrationSearch';
import {
  auditOf,
  noteOthersNamed,
  refuseInvisible,
  refuseMissing,
  sessionOf,
} from './routeSupport';
import { assignableStaff } from './staffMembers';
import { recentWithdrawals } from './withdrawals';

export interface ProcessingRoutesOptions {
  operations: OperationsContext;
  /** EMAIL_DOMAIN, which a corrected email is checked against as the form checks it. */
  emailDomain: string;
}

/**
 * 422 for an assignee who may not have them: whom (null when nobody by that subject has signed
 * in) and the programmes refused, so that the console can say why rather than "try again".
 */
async function notAssignableAnswer(db: Queryable, subject: string, programmes: DegreeProgram[]) {
  const [member] = await db.query<{ name: string }>(
    'SELECT name FROM staff_members WHERE subject = $1',
    [subject],
  );
  return {
    ...apiError(422, 'The assignee has not signed in, or may not see that programme'),
    notAssignable: { assignee: member ? { subject, name: member.name } : null, programmes },
  };
}

/** A correction that made the registration another's twin (registrations_identical_submission). */
const isIdenticalSubmission = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  String((error as Error).message).includes('registrations_identical_submission');

function requireProgrammes(request: FastifyRequest) {
  if (sessionOf(request).programmes.length === 0) {
    recordSecurityEvent(request, 'staff-access-denied');
    throw request.server.httpErrors.forbidden('Your groups give you no degree programme');
  }
}

export const processingRoutes: FastifyPluginAsyncTypebox<ProcessingRoutesOptions> = async (
  app,
  { operations, emailDomain },
) => {
  const { database, timeZone } = operations;
  const registrationSchema = createRegistrationSchema(emailDomain);
  const audit = auditOf(database);

  app.patch(
    '/registrations/:id',
    { schema: schemas.changeRegistration },
    async (request, reply) => {
      const id = Number(request.params.id);
      const version = versionOfRequest(request);
      const person = sessionOf(request);
      const result = await changeRegistration(database, registrationSchema, {
        id,
        version,
        change: request.body,
        person,
      }).catch((error: unknown) => {
        if (!isIdenticalSubmission(error)) throw error;
        throw app.httpErrors.unprocessableEntity('Another registration holds exactly these values');
      });
      switch (result.outcome) {
        case 'not-visible':
          return refuseMissing(request, reply, database, id);
        case 'stale': {
          const { changedBy, changedAt } = result;
          const who = changedBy ? changedBy.name : 'someone';
          return reply.code(412).send({
            ...apiError(412, `Changed by ${who} since you read it: reload it`),
            version: result.version,
            changedBy,
            changedAt: changedAt?.toISOString() ?? null,
          });
        }
        case 'invalid':
          return reply.code(422).send(rulesBrokenAnswer(result));
        case 'not-assignable':
          return reply
            .code(422)
            .send(await notAssignableAnswer(database, result.assignee, result.programmes));
        case 'changed': {
          const details = `id=${id} reference=${result.reference} ${describeChanges(result.changes) || 'unchanged'}`;
          await audit(request, 'change', result.changes.length > 0 ? 1 : 0, details);
          const registration = await findRegistrationDetails(
            database,
            id,
            person.programmes,
            timeZone,
          );
          if (!registration) return refuseInvisible(request, database, id);
          return reply
            .header('etag', ifMatchOf(registration.version))
            .send(answeredRegistration(registration));
        }
      }
    },
  );

  app.post('/registrations/:id/notes', { schema: schemas.addNote }, async (request, reply) => {
    const id = Number(request.params.id);
    const { subject, programmes } = sessionOf(request);
    const added = await addNote(database, {
      id,
      programmes,
      author: subject,
      text: request.body.text,
    });
    if (!added) return refuseMissing(request, reply, database, id);
    await audit(request, 'note', 1, `id=${id} reference=${added.reference} note=${added.note.id}`);
    return reply.code(201).send(added.note);
  });

  // A word on a pair, not a change of the registration: no version, and the feed reads nothing.
  app.put(
    '/registrations/:id/duplicates/:otherId',
    { schema: schemas.resolveDuplicate },
    async (request, reply) => {
      const [id, otherId] = [Number(request.params.id), Number(request.params.otherId)];
      const person = sessionOf(request);
      const { resolution } = request.body;
      const resolved = await resolveDuplicate(database, {
        id,
        otherId,
        programmes: person.programmes,
        actor: person.subject,
        resolution,
      });
      if (!resolved) {
        const [{ others }] = await database.query<{ others: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM registrations
             WHERE id IN ($1, $2) AND NOT degree_program = ANY($3::text[])) AS others`,
          [id, otherId, person.programmes],
        );
        if (others) recordSecurityEvent(request, 'staff-access-denied');
        throw app.httpErrors.notFound(
          'No such pair of possible duplicates among the registrations you may see (both of them)',
        );
      }
      await audit(
        request,
        'duplicate',
        resolved.changed ? 1 : 0,
        `id=${id} reference=${resolved.reference} other=${otherId} resolution=${resolution ?? 'open'}`,
      );
      const registration = await findRegistrationDetails(database, id, person.programmes, timeZone);
      if (!registration) return refuseInvisible(request, database, id);
      return reply
        .header('etag', ifMatchOf(registration.version))
        .send(answeredRegistration(registration));
    },
  );

  app.post('/registrations/bulk', { schema: schemas.bulkChange }, async (request, reply) => {
    const { body } = request;
    const person = sessionOf(request);
    const search = searchOf(request, 'filter' in body ? body.filter : {}, timeZone);
    const ids = 'ids' in body ? body.ids : undefined;
    const result = await bulkChange(database, {
      search,
      ids,
      set: body.set,
      actor: person.subject,
    });
    if (result.outcome === 'not-assignable') {
      const assignee = body.set.assignee as string;
      return reply.code(422).send(await notAssignableAnswer(database, assignee, result.programmes));
    }
    if (ids) await noteOthersNamed(request, database, ids);
    await audit(
      request,
      'bulk',
      result.updated,
      `${describeChosen(body)} ${describeSettings(body.set)}`,
    );
    return { updated: result.updated };
  });

  app.get('/staff-members', { schema: schemas.staffMembers }, async (request) => {
    requireProgrammes(request);
    return { items: await assignableStaff(database, sessionOf(request).programmes) };
  });

  app.get('/withdrawals', { schema: schemas.withdrawals }, async (request) => {
    requireProgrammes(request);
    const { subject, programmes } = sessionOf(request);
    return { items: await recentWithdrawals(database, subject, programmes) };
  });

  app.get('/overview', { schema: schemas.overview }, async (request) => {
    requireProgrammes(request);
    return readOverview(database, sessionOf(request).programmes, timeZone, new Date());
  });
};
