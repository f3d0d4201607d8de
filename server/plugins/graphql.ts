/**
 * POST /graphql: rate limit and XSRF check before the body is read, then mercurius. Every other
 * method gets 405 (mercurius' own routes would answer GET, so they stay off).
 */
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsync, FastifyReply, onRequestHookHandler } from 'fastify';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import mercurius from 'mercurius';
import type { Language } from '../../src/contract/languages';
import { graphqlPath } from '../../src/contract/protocol';
import { rateLimitKey } from '../clientAddress';
import { createRegistrationStore } from '../db/registrations';
import { executionErrorReply, requestErrorReply } from '../graphql/errors';
import { createLiteralLifter } from '../graphql/liftLiterals';
import { limitFieldCount, queryLimits } from '../graphql/limits';
import { createResolvers } from '../graphql/resolvers';
import { responseMediaType } from '../graphql/mediaType';
import { schema } from '../graphql/schema';
import { recordSecurityEvent } from '../logging';

export interface GraphqlPluginOptions {
  emailDomain: string;
  /** LANGUAGES: a registration is in one of them, the first when the page names none. */
  languages: readonly Language[];
  /** CONFIRMATIONS_PER_HOUR. */
  confirmationsPerHour: number;
  /** 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Where the instances share their rate limit counters (REDIS_URL). */
  redis?: Redis;
  /** Schema introspection and "Did you mean …" suggestions (development only). */
  introspection: boolean;
}

interface GraphqlRequestBody {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

const bodySchema = {
  type: 'object',
  required: ['query'],
  properties: {
    query: { type: 'string', maxLength: queryLimits.maxQueryLength },
    operationName: { type: ['string', 'null'], maxLength: 200 },
    variables: { type: ['object', 'null'] },
    extensions: { type: ['object', 'null'] },
  },
};

export const graphqlPlugin: FastifyPluginAsync<GraphqlPluginOptions> = async (app, options) => {
  // A committed batch wakes the outbox to send its confirmations, and the webhooks' sender when
  // an endpoint wanted its events; both also look on their own every so often.
  const registrations = createRegistrationStore(app.database, {
    confirmationsPerHour: options.confirmationsPerHour,
    onCommitted: (queued) => {
      if (queued.confirmations) app.outbox.wake();
      if (queued.webhookEvents) app.webhooks.wake();
    },
  });
  // onClose runs after the requests in flight have finished, and before the outbox stops and the
  // database closes (registered earlier): the registrations they queued are written first.
  app.addHook('onClose', () => registrations.drain());
  await app.register(mercurius, {
    schema,
    resolvers: createResolvers(registrations, options.emailDomain, options.languages),
    routes: false,
    graphiql: false,
    // Parsed and validated documents by their text: after liftLiterals every submission has the
    // same text, without values. Bounded, so that made-up shapes cannot fill memory.
    cache: 256,
    // From its second run, a cached document is executed by code compiled for it (graphql-jit):
    // about half the cost of graphql-js' general executor for a submission.
    jit: 1,
    queryDepth: queryLimits.maxDepth,
    validationRules: [
      limitFieldCount,
      ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    graphql: { validateOptions: { maxErrors: queryLimits.maxValidationErrors } },
    errorFormatter: (execution, context) =>
      executionErrorReply(execution, responseMediaType(context.reply.request.headers.accept)),
  });

  function sendRequestErrors(reply: FastifyReply, errors: readonly Error[]) {
    recordSecurityEvent(reply.request, 'invalid-graphql');
    const { statusCode, response } = requestErrorReply(errors, {
      suggestions: options.introspection,
      mediaType: responseMediaType(reply.request.headers.accept),
    });
    return reply.code(statusCode).send(response);
  }

  const onRequest: onRequestHookHandler[] = [];
  if (options.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: false,
      // Shared by every instance when given; alone, each instance counts for itself.
      redis: options.redis,
      nameSpace: 'registration-rate-limit-',
      // A Redis outage must not take the form down with it: requests pass uncounted meanwhile.
      skipOnError: true,
      keyGenerator: (request) => rateLimitKey(request.ip),
      onExceeded: (request) => recordSecurityEvent(request, 'rate-limited'),
    });
    onRequest.push(app.rateLimit({ max: options.rateLimitPerMinute, timeWindow: 60_000 }));
  }
  onRequest.push(app.verifyXsrf);

  const liftLiterals = createLiteralLifter(app.graphql.schema);

  app.post<{ Body: GraphqlRequestBody }>(
    graphqlPath,
    { onRequest, schema: { body: bodySchema } },
    async (request, reply) => {
      // The answer repeats personal data: no cache along the way may keep it.
      reply.header('cache-control', 'no-store');
      reply.type(`${responseMediaType(request.headers.accept)}; charset=utf-8`);
      const { query, variables, operationName } = request.body;
      const lifted = liftLiterals(query, variables ?? undefined);
      if ('syntaxError' in lifted) return sendRequestErrors(reply, [lifted.syntaxError]);
      const run = (text: string, values: Record<string, unknown> | undefined) =>
        reply.graphql(text, {}, values, operationName ?? undefined);
      try {
        return await run(lifted.query, lifted.variables);
      } catch (error) {
        // mercurius throws parse and validation failures with the GraphQL errors attached.
        let errors = (error as { errors?: unknown }).errors;
        if (!Array.isArray(errors)) throw error;
        if (lifted.query !== query) {
          // Reported on the client's own text, so that names and locations are as it wrote them.
          try {
            return await run(query, variables ?? undefined);
          } catch (original) {
            errors = (original as { errors?: unknown }).errors;
            if (!Array.isArray(errors)) throw original;
          }
        }
        return sendRequestErrors(reply, errors as Error[]);
      }
    },
  );

  app.route({
    method: app.supportedMethods.filter((method) => method !== 'POST'),
    url: graphqlPath,
    handler: async (_request, reply) => {
      reply.header('allow', 'POST');
      throw app.httpErrors.methodNotAllowed('Use POST for /graphql');
    },
  });
};
