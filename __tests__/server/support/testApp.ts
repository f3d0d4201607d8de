/** The real app for `inject`, and requests as the SPA makes them. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppOptions } from '../../../server/app';
import { serverDefaults } from '../../../server/config';
import {
  graphqlAccept,
  graphqlPath,
  xsrfCookieName,
  xsrfHeaderName,
} from '../../../src/contract/protocol';
import { configDefaults } from '../../../src/contract/configDefaults';
import { makeMigratedDataDir, makeStaticDir, makeTempDir } from './fixtures';

export function testAppOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  const opensItsOwnDatabase = !overrides.database && !overrides.databaseUrl && !overrides.dataDir;
  return {
    dataDir: opensItsOwnDatabase ? makeMigratedDataDir() : makeTempDir('server-test-data-'),
    staticDir: makeStaticDir(),
    ...configDefaults,
    mailFrom: configDefaults.contactEmail,
    confirmationsPerHour: serverDefaults.confirmationsPerHour,
    applicantCorrectionsPerDay: serverDefaults.applicantCorrectionsPerDay,
    requestReminderDays: serverDefaults.requestReminderDays,
    requestAnswerEmailsToStaff: false,
    applicantLinkDays: configDefaults.applicantLinkDays,
    rateLimitPerMinute: 0,
    trustProxy: false,
    graphqlIntrospection: false,
    ...overrides,
  };
}

/**
 * Loads the page like a browser does and returns the XSRF cookie it was given: with a staff
 * session's cookie (name=value), the token bound to that session.
 */
export async function getXsrfToken(app: FastifyInstance, sessionCookie?: string): Promise<string> {
  const headers = sessionCookie ? { cookie: sessionCookie } : {};
  const page = await app.inject({ method: 'GET', url: '/', headers });
  const cookie = page.cookies.find((candidate) => candidate.name === xsrfCookieName);
  if (!cookie) throw new Error(`GET / set no ${xsrfCookieName} cookie`);
  return cookie.value;
}

/** POST /graphql as the SPA sends it: cookie and matching header; from a given client if told. */
export function postGraphql(
  app: FastifyInstance,
  token: string,
  body: unknown,
  client: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: graphqlPath,
    remoteAddress: client.remoteAddress,
    headers: {
      'content-type': 'application/json',
      accept: graphqlAccept,
      [xsrfHeaderName]: token,
      ...client.headers,
    },
    cookies: { [xsrfCookieName]: token },
    payload: JSON.stringify(body),
  });
}
