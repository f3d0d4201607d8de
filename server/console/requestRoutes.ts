/**
 * The staff API's information requests (issue 44), with their schemas: ask the applicant of one
 * registration (replacing any open request), or withdraw the open one. Recorded in the audit log as
 * what was asked (the fields, the deadline), never the message. Another programme's registration
 * is answered 404, and one its applicant withdrew 410, as everywhere in the API.
 */
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { OperationsContext } from '../operations/operations';
import { dayIn } from '../timeZone';
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
} from '../../src/contract/informationRequests';
import { makeRequest, requestOf, withdrawRequest } from './informationRequests';
import { auditOf, refuseMissing, sessionOf } from './routeSupport';

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
      422: apiErrorSchema('The deadline has passed, or the message holds a link'),
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

  app.post(
    '/registrations/:id/request',
    { schema: requestSchemas.makeRequest },
    async (request, reply) => {
      const id = Number(request.params.id);
      const { subject, programmes } = sessionOf(request);
      const { body } = request;
      const today = dayIn(now(), timeZone);
      if (body.deadline < today) {
        throw app.httpErrors.unprocessableEntity('The deadline has passed');
      }
      if (linkInMessage.test(body.message)) {
        throw app.httpErrors.unprocessableEntity(
          "The message may not hold a link: the email carries the applicant's own",
        );
      }
      const made = await makeRequest(
        database,
        { id, programmes, actor: subject, body, secret },
        { today, timeZone },
      );
      if (made.outcome === 'not-visible') return refuseMissing(request, reply, database, id);
      const asked = body.fields.length > 0 ? body.fields.join(',') : 'none';
      await audit(
        request,
        made.replaced ? 'request-replace' : 'request',
        1,
        `id=${id} reference=${made.reference} fields=${asked} deadline=${body.deadline}`,
      );
      return reply.code(201).send(requestOf(made.request));
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
