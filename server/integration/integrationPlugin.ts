/**
 * The integration API for the student information system, /api/v1: a Bearer token made in the
 * console (apiTokens.ts) opens it, for that token's programmes; unknown, expired or revoked → 401.
 * Rate limited per token; every answer no-store. The OpenAPI document needs no token: it holds
 * no data.
 */
import { createHash } from 'node:crypto';
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

const bearerOf = (request: FastifyRequest) =>
  /^Bearer ([\x21-\x7e]{1,200})$/.exec(request.headers.authorization ?? '')?.[1];

export const integrationPlugin: FastifyPluginAsync<IntegrationPluginOptions> = async (
  app,
  { database, redis, rateLimited, now = () => new Date() },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  if (rateLimited) {
    await app.register(rateLimit, {
      max: requestsPerMinutePerToken,
      timeWindow: 60_000,
      redis,
      nameSpace: 'api-rate-limit-',
      skipOnError: true,
      // Per token (by its hash, never the token), or per address without one.
      keyGenerator: (request) => {
        const token = bearerOf(request);
        return token ? createHash('sha256').update(token).digest('hex') : rateLimitKey(request.ip);
      },
      onExceeded: (request) => logSecurityEvent(request, 'api-rate-limited'),
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === `${integrationApiPath}/openapi.json`) return;
    const token = bearerOf(request);
    const holder = token === undefined ? undefined : await authenticate(database, token, now());
    if (!holder) {
      logSecurityEvent(request, 'api-token-refused');
      reply.header('www-authenticate', 'Bearer');
      throw app.httpErrors.unauthorized('No token, or one unknown, expired or revoked');
    }
    request.apiToken = holder;
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
          'staff console (README: Integration with the student information system)',
      },
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
