/**
 * The staff console on the server: sign-in (signIn.ts), the provider's back-channel logout
 * (backChannelLogout.ts) and the staff API (consoleRoutes.ts, and processingRoutes.ts for the
 * processing, server/webhooks/webhookRoutes.ts for webhooks), on when
 * STAFF_OIDC_ISSUER is set. Every answer under /staff is no-store; every API request needs a
 * session and must not come from another site, and every one that changes something needs the
 * XSRF header too. The API's OpenAPI document is written from its routes' schemas, for signed-in
 * staff alone.
 */
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitKey } from '../clientAddress';
import { recordSecurityEvent } from '../logging';
import type { OperationsContext } from '../operations/operations';
import { backChannelLogoutPlugin } from './backChannelLogout';
import { openIdProvider } from './openIdProvider';
import { createPendingSignIns } from './pendingSignIns';
import { createSessionStore } from './sessions';
import type { StaffConsoleSettings } from './settings';
import { requireStaffSession, signInPlugin } from './signIn';
import { consoleRoutes } from './consoleRoutes';
import { processingRoutes } from './processingRoutes';
import { requestRoutes } from './requestRoutes';
import { webhookRoutes } from '../webhooks/webhookRoutes';
import { tokenRoutes } from './tokenRoutes';
import { consoleApiDocument } from './consoleApiDocument';
import { consoleApiPath } from '../../src/contract/consolePaths';
import { ApiErrorSchema } from '../../src/contract/consoleApiSchemas';
import type { HostResolver } from '../webhooks/webhookUrls';
import { pairAllDue } from '../db/duplicatePairing';

export interface StaffConsolePluginOptions {
  settings: StaffConsoleSettings;
  /** The database and secret, as the staff's commands have them. */
  operations: OperationsContext;
  /** Where the instances count requests together, when given. */
  redis?: Redis;
  /** Whether staffRequestsPerMinute holds. */
  rateLimited: boolean;
  /** EMAIL_DOMAIN: a corrected email is checked against it as the form checks it. */
  emailDomain: string;
  /** The sessions' clock: tests move it to see the timeouts. */
  now?: () => Date;
  /** WEBHOOK_ALLOWED_HOSTS: where the admins' webhooks may go besides the public internet. */
  webhookAllowedHosts: readonly string[];
  /** Tests: how webhook hosts resolve (the system's resolver by default). */
  webhookResolve?: HostResolver;
}

/** Far more than a person clicking through the console makes; a script looping is held back. */
export const staffRequestsPerMinute = 300;

export const staffConsolePlugin: FastifyPluginAsync<StaffConsolePluginOptions> = async (
  app,
  {
    settings,
    operations,
    emailDomain,
    redis,
    rateLimited,
    now,
    webhookAllowedHosts,
    webhookResolve,
  },
) => {
  const { database } = operations;
  const sessions = createSessionStore(
    database,
    { issuer: settings.issuer.href, clientId: settings.clientId },
    now,
  );
  const pendingSignIns = createPendingSignIns(database, now);
  const provider = openIdProvider(settings);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(signInPlugin, {
    settings,
    provider,
    sessions,
    pendingSignIns,
    database,
    redis,
    rateLimited,
  });
  await app.register(backChannelLogoutPlugin, {
    settings,
    provider,
    database,
    now: now ?? (() => new Date()),
  });
  await app.register(async (api) => {
    if (rateLimited) {
      await api.register(rateLimit, {
        global: false,
        max: staffRequestsPerMinute,
        timeWindow: 60_000,
        redis,
        nameSpace: 'staff-rate-limit-',
        skipOnError: true,
        keyGenerator: (request) => rateLimitKey(request.ip),
        onExceeded: (request) => recordSecurityEvent(request, 'rate-limited'),
      });
      // Before the session is asked for: a request without one counts as well, so that a burst
      // of made-up cookies or tokens meets the limit rather than a 401 each.
      api.addHook('onRequest', api.rateLimit());
    }
    api.addHook('onRequest', requireStaffSession(sessions, settings));
    // Changes need the XSRF header; a read is refused too when another site sends the browser
    // here (a link, a form, an image): each read writes to the audit log in the person's name.
    api.addHook('onRequest', async (request) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        recordSecurityEvent(request, 'xsrf-cross-site');
        throw app.httpErrors.forbidden('Cross-site request refused');
      }
    });
    api.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await app.verifyXsrf(request);
    });
    // What was stored before the request is paired before anything reads the possible duplicates.
    api.addHook('preHandler', () => pairAllDue(database));
    // The answers' one error schema, which every route's refusals refer to.
    api.addSchema(ApiErrorSchema);
    await api.register(swagger, consoleApiDocument);
    await api.register(consoleRoutes, { operations, prefix: consoleApiPath });
    await api.register(processingRoutes, { operations, emailDomain, prefix: consoleApiPath });
    await api.register(requestRoutes, {
      operations,
      now: now ?? (() => new Date()),
      prefix: consoleApiPath,
    });
    await api.register(webhookRoutes, {
      database,
      allowedHosts: webhookAllowedHosts,
      resolve: webhookResolve,
      wake: app.webhooks.wake,
      prefix: consoleApiPath,
    });
    await api.register(tokenRoutes, {
      database,
      now: now ?? (() => new Date()),
      timeZone: operations.timeZone,
      prefix: consoleApiPath,
    });
  });
};
