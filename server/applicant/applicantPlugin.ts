/**
 * The applicant's own link on the server (issue 34): its API under /my/api (applicantRoutes.ts)
 * and its sessions. Every answer is no-store; every request counts against a limit per client,
 * and the request for a new link against a lower one; a request another site makes is refused;
 * every one that changes something needs the XSRF header.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { rateLimitKey } from '../clientAddress';
import { recordSecurityEvent } from '../logging';
import type { OperationsContext } from '../operations/operations';
import { applicantApiPath } from '../../src/contract/applicantPaths';
import { ApiErrorSchema } from '../../src/contract/consoleApiSchemas';
import { applicantRoutes } from './applicantRoutes';
import { createApplicantSessions } from './applicantSessions';

export interface ApplicantPluginOptions {
  operations: OperationsContext;
  emailDomain: string;
  /** PUBLIC_URL: without it no link can be sent. */
  publicUrl?: URL;
  /** APPLICANT_LINK_DAYS. */
  linkDays: number;
  /** APPLICANT_CORRECTIONS_PER_DAY. */
  correctionsPerDay: number;
  /** REQUEST_ANSWER_STAFF_EMAILS. */
  answerEmailsToStaff: boolean;
  redis?: Redis;
  /** Whether the limits per client hold (RATE_LIMIT_PER_MINUTE=0 turns them off). */
  rateLimited: boolean;
  /** The links' and sessions' clock: tests move it. */
  now?: () => Date;
}

/** Far more than a person reading and correcting makes; a script guessing is held back. */
export const applicantRequestsPerMinute = 60;
/** New links asked for, per client an hour: each may send mail. */
export const linkRequestsPerHour = 10;

export const applicantPlugin: FastifyPluginAsync<ApplicantPluginOptions> = async (
  app,
  {
    operations,
    emailDomain,
    publicUrl,
    linkDays,
    correctionsPerDay,
    answerEmailsToStaff,
    redis,
    rateLimited,
    now = () => new Date(),
  },
) => {
  const sessions = createApplicantSessions(operations.database, now);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  if (rateLimited) {
    await app.register(rateLimit, {
      max: applicantRequestsPerMinute,
      timeWindow: 60_000,
      redis,
      nameSpace: 'applicant-rate-limit-',
      skipOnError: true,
      keyGenerator: (request) => rateLimitKey(request.ip),
      onExceeded: (request) => recordSecurityEvent(request, 'rate-limited'),
    });
  }
  app.addHook('onRequest', async (request) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      recordSecurityEvent(request, 'xsrf-cross-site');
      throw app.httpErrors.forbidden('Cross-site request refused');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') await app.verifyXsrf(request);
  });
  app.addSchema(ApiErrorSchema);
  await app.register(applicantRoutes, {
    prefix: applicantApiPath,
    operations,
    sessions,
    emailDomain,
    correctionsPerDay,
    answerEmailsToStaff,
    links: publicUrl ? { secret: operations.secret, days: linkDays } : undefined,
    secureCookie: publicUrl?.protocol === 'https:',
    now,
    linkRequestLimit: rateLimited
      ? { max: linkRequestsPerHour, timeWindow: 60 * 60_000 }
      : undefined,
  });
};
