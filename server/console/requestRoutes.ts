/**
 * The staff API's information requests (issue 44), with their schemas: ask the applicant of one
 * registration (replacing any open request), or of many at once (by ids or filter, as a change of
 * many), or withdraw the open one. Recorded in the audit log as what was asked (the fields, the
 * deadline, how many), never the message. Another programme's registration is answered 404, and
 * one its applicant withdrew 410, as everywhere in the API; among many it is skipped.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OperationsContext } from '../operations/operations';
import { dayIn } from '../timeZone';
import {
  BulkRequestBodySchema,
  BulkRequestResultSchema,
} from '../../src/contract/bulkRequestSchemas';
import {
  RegistrationIdParamsSchema,
  WithdrawnSchema,
  apiErrorSchema,
  badRequest,
  everyRouteAnswers,
  notJson,
  notVisible,
  notXsrf,
  tooLarge,
} from '../../src/contract/consoleApiSchemas';
import {
  InformationRequestSchema,
  RequestBodySchema,
  linkInMessage,
  type RequestBody,
} from '../../src/contract/informationRequests';
import { bulkRequest } from './bulkRequests';
import { makeRequest, requestOf, withdrawRequest } from './informationRequests';
import { describeChosen, searchOf } from './registrationSearch';
import { auditOf, noteOthersNamed, refuseMissing, sessionOf } from './routeSupport';

const unsendable = apiErrorSchema('The deadline has passed, or the message holds a link');

/**
 * A request to many by ids may name 2,000 (of up to 16 digits), with a message of 2,000 characters
 * of up to 4 bytes: more than the 16 KiB of any other body.
 */
const bulkRequestBodyLimit = 64 * 1024;

export const requestSchemas = {
  makeRequest: {
    summary: "Asks the registration's applicant for information, replacing any open request",
    description:
      'The registration becomes "waiting"; the applicant is emailed the message, the deadline ' +
      'and a new link of their own.',
    params: RegistrationIdParamsSchema,
    body: RequestBodySchema,
    response: {
      201: InformationRequestSchema,
      400: badRequest,
      403: notXsrf,
      404: notVisible,
      410: WithdrawnSchema,
      413: tooLarge,
      415: notJson,
      422: unsendable,
      ...everyRouteAnswers,
    },
  },
  bulkRequest: {
    summary: 'Asks the applicants of many registrations at once, within your access',
    description:
      'Each registration is asked as POST /registrations/{id}/request asks one; the emails ' +
      "are queued and leave at the outbox's pace. Ids outside your access are skipped.",
    body: BulkRequestBodySchema,
    response: {
      200: BulkRequestResultSchema,
      400: badRequest,
      403: notXsrf,
      413: tooLarge,
      415: notJson,
      422: unsendable,
      ...everyRouteAnswers,
    },
  },
  withdrawRequest: {
    summary: "Withdraws the registration's open request; the applicant is told",
    params: RegistrationIdParamsSchema,
    response: {
      204: Type.Null({ description: 'Withdrawn' }),
      400: badRequest,
      403: notXsrf,
      404: notVisible,
      409: apiErrorSchema('No open request: the applicant has answered it, or it was withdrawn'),
      410: WithdrawnSchema,
      ...everyRouteAnswers,
    },
  },
};

/** What a request asked, as the audit log records it: never the message. */
const describeAsked = ({ fields, deadline }: RequestBody) =>
  `fields=${fields.length > 0 ? fields.join(',') : 'none'} deadline=${deadline}`;

export interface RequestRoutesOptions {
  operations: OperationsContext;
  now: () => Date;
}

export const requestRoutes: FastifyPluginAsyncTypebox<RequestRoutesOptions> = async (
  app,
  { operations, now },
) => {
  const { database, timeZone, secret } = operations;
  const audit = auditOf(database);

  /** Refuses (422) what no request may ask: a deadline past, or a link in the message. */
  function refuseUnsendable(body: RequestBody, today: string) {
    if (body.deadline < today) {
      throw app.httpErrors.unprocessableEntity('The deadline has passed');
    }
    if (linkInMessage.test(body.message)) {
      throw app.httpErrors.unprocessableEntity(
        "The message may not hold a link: the email carries the applicant's own",
      );
    }
  }

  app.post(
    '/registrations/:id/request',
    { schema: requestSchemas.makeRequest },
    async (request, reply) => {
      const id = Number(request.params.id);
      const { subject, programmes } = sessionOf(request);
      const { body } = request;
      const today = dayIn(now(), timeZone);
      refuseUnsendable(body, today);
      const made = await makeRequest(
        database,
        { id, programmes, actor: subject, body, secret },
        { today, timeZone },
      );
      if (made.outcome === 'not-visible') return refuseMissing(request, reply, database, id);
      await audit(
        request,
        made.replaced ? 'request-replace' : 'request',
        1,
        `id=${id} reference=${made.reference} ${describeAsked(body)}`,
      );
      return reply.code(201).send(requestOf(made.request));
    },
  );

  app.post(
    '/registrations/bulk-request',
    { schema: requestSchemas.bulkRequest, bodyLimit: bulkRequestBodyLimit },
    async (request) => {
      const { body } = request;
      const { subject } = sessionOf(request);
      refuseUnsendable(body, dayIn(now(), timeZone));
      const search = searchOf(request, 'filter' in body ? body.filter : {}, timeZone);
      const ids = 'ids' in body ? body.ids : undefined;
      const { fields, message, deadline } = body;
      const result = await bulkRequest(database, {
        search,
        ids,
        actor: subject,
        body: { fields, message, deadline },
        secret,
      });
      if (ids) await noteOthersNamed(request, database, ids);
      const { replaced, skipped } = result;
      await audit(
        request,
        'request-bulk',
        result.asked,
        `${describeChosen(body)} ${describeAsked(body)} replaced=${replaced} ` +
          `skipped-withdrawn=${skipped.withdrawn} skipped-not-visible=${skipped.notVisible}`,
      );
      return result;
    },
  );

  app.delete(
    '/registrations/:id/request',
    { schema: requestSchemas.withdrawRequest },
    async (request, reply) => {
      const id = Number(request.params.id);
      const { subject, programmes } = sessionOf(request);
      const withdrawn = await withdrawRequest(database, { id, programmes, actor: subject });
      if (withdrawn.outcome === 'not-visible') return refuseMissing(request, reply, database, id);
      if (withdrawn.outcome === 'none-open') {
        throw app.httpErrors.conflict(
          'No open request: the applicant has answered it, or it was withdrawn',
        );
      }
      await audit(
        request,
        'request-withdraw',
        1,
        `id=${id} reference=${withdrawn.reference} request=${withdrawn.requestId}`,
      );
      return reply.code(204).send(null);
    },
  );
};
