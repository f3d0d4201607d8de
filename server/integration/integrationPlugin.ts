/**
 * The integration API for the student information system, /api/v1: a Bearer token made in the
 * console (apiTokens.ts) opens it, for that token's programmes; unknown, expired or revoked → 401.
 * Rate limited per token, and per client address the requests whose token is refused (counted
 * before the refusal); every answer no-store. The OpenAPI document needs no token: it holds
 * no data.
 */
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitKey } from '../clientAddress';
import type { Database } from '../db/database';
import { logSecurityEvent } from '../logging';
import { ApiErrorSchema } from '../../src/contract/consoleApiSchemas';
import { integrationApiPath } from '../../src/contract/integrationApiSchemas';
import { authenticate, type TokenHolder } from './apiTokens';
import { integrationRoutes } from './integrationRoutes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration API's token, once authenticated. */
    apiToken?: TokenHolder;
  }
}

export interface IntegrationPluginOptions {
  database: Database;
  /** Where the instances count requests together, when given. */
  redis?: Redis;
  /** Whether requestsPerMinutePerToken holds (RATE_LIMIT_PER_MINUTE=0 turns it off). */
  rateLimited: boolean;
  /** The tokens' clock: tests move it past an expiry. */
  now?: () => Date;
}

/** Ten pages of 1,000 a second for a minute: a full read of a year's intake is not held back. */
export const requestsPerMinutePerToken = 600;
/**
 * Requests a minute per client address without a valid token: a client guessing tokens, or one
 * whose token has expired, is held back long before it could try many.
 */
export const refusedRequestsPerMinute = 60;

const bearerOf = (request: FastifyRequest) =>
  /^Bearer ([\x21-\x7e]{1,200})$/.exec(request.headers.authorization ?? '')?.[1];

export const integrationPlugin: FastifyPluginAsync<IntegrationPluginOptions> = async (
  app,
  { database, redis, rateLimited, now = () => new Date() },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const isDocument = (request: FastifyRequest) =>
    request.routeOptions.url === `${integrationApiPath}/openapi.json`;
  // The token is looked up first, without answering yet: the limit then counts every request,
  // a refused token's too, before the refusal is sent.
  app.addHook('onRequest', async (request) => {
    if (isDocument(request)) return;
    const token = bearerOf(request);
    request.apiToken = token === undefined ? undefined : await authenticate(database, token, now());
  });
  if (rateLimited) {
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'api-rate-limit-',
      skipOnError: true,
      timeWindow: 60_000,
      // A token's requests by its id; those without a valid token, and the document's, by the
      // client's address, so that a burst of made-up tokens meets a limit too.
      keyGenerator: (request) => {
        if (request.apiToken) return `token-${request.apiToken.id}`;
        const address = rateLimitKey(request.ip);
        return isDocument(request) ? `document-${address}` : `refused-${address}`;
      },
      max: (request) =>
        request.apiToken || isDocument(request)
          ? requestsPerMinutePerToken
          : refusedRequestsPerMinute,
      onExceeded: (request) => logSecurityEvent(request, 'api-rate-limited'),
    });
    app.addHook('onRequest', app.rateLimit());
  }
  app.addHook('onRequest', async (request, reply) => {
    if (isDocument(request) || request.apiToken) return;
    logSecurityEvent(request, 'api-token-refused');
    reply.header('www-authenticate', 'Bearer');
    throw app.httpErrors.unauthorized('No token, or one unknown, expired or revoked');
  });
  app.addSchema(ApiErrorSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Student registration: integration API',
        version: '1',
        description:
          'Registrations for the student information system, read with a token made in the ' +
          'staff console (README: Integration with the student information system). Every ' +
          "time is UTC to the millisecond (2026-11-26T19:00:00.000Z); birthday is the form's " +
          'dd.mm.yyyy. Bodies are JSON: any other media type is 415, a property not named here 400.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    refResolver: {
      buildLocalReference: (schema, _base, _fragment, index) =>
        String(schema.$id ?? `def-${index}`),
    },
  });
  await app.register(integrationRoutes, { database, prefix: integrationApiPath });
};
