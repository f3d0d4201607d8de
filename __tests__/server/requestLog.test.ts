/** @jest-environment node */
/**
 * The request log holds no token (issue 43): real requests over a socket to a listening server,
 * with an applicant's link token and an API token wherever a careless hand may put them (a doubled
 * slash, a trailing one, another route, the query string, percent-encoded), and the log it writes
 * read back. Each is logged with `<token>` in its place; a route's own names stay.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { issueLink } from '../../server/applicant/applicantLinks';
import { createApiToken } from '../../server/integration/apiTokens';
import { loggedPath } from '../../server/logging';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { validValues } from '../../testing/registrations';
import { databaseTimeoutMs, removeTempDirs } from './support/fixtures';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

let app: FastifyInstance;
let origin: string;
const logLines: string[] = [];
let linkToken: string;
let apiToken: string;

beforeAll(async () => {
  app = await buildApp(
    testAppOptions({
      publicUrl: new URL('http://localhost'),
      logLevel: 'info',
      logStream: { write: (line) => void logLines.push(line) },
    }),
  );
  const xsrf = await getXsrfToken(app);
  expect(
    (await postGraphql(app, xsrf, buildCreateOnboardingFormBody(validValues))).statusCode,
  ).toBe(200);
  const [{ id }] = await app.operations.database.query<{ id: number }>(
    'SELECT id FROM registrations',
  );
  ({ token: linkToken } = await issueLink(
    app.operations.database,
    id,
    { secret: app.operations.secret, days: 30 },
    new Date(),
  ));
  ({ token: apiToken } = await createApiToken(
    app.operations.database,
    { name: 'Sisu', programmes: 'all', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    'test',
  ));
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 2 * databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  removeTempDirs();
});

/** A request whose target is sent exactly as written (no client tidies `//` away). */
function request(target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${origin}/`, { path: target }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The paths the log wrote for requests, one a line, in order. */
const loggedPaths = () =>
  logLines
    .map((line) => JSON.parse(line) as { path?: string })
    .flatMap((line) => (line.path === undefined ? [] : [line.path]));

describe('the request log', () => {
  it('writes no token of a link or of the API, wherever it is in the address', async () => {
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatch(/^sisreg_/);
    const targets: [string, string][] = [
      [`/my/${linkToken}`, '/my/<token>'],
      [`/my//${linkToken}`, '/my//<token>'],
      [`/my/${linkToken}/`, '/my/<token>/'],
      [`//my/${linkToken}`, '//my/<token>'],
      [`/staff/${linkToken}`, '/staff/<token>'],
      [`/my/api/registration/${linkToken}.json`, '/my/api/registration/<token>.json'],
      [`/my/${linkToken.slice(0, 10)}%41${linkToken.slice(10)}`, '/my/<token>'],
      [`/my?token=${linkToken}`, '/my'],
      [`/my/api/registration?x=${apiToken}`, '/my/api/registration'],
      [`/api/v1/registrations/${apiToken}`, '/api/v1/registrations/<token>'],
    ];
    for (const [target] of targets) await request(target);

    const log = logLines.join('\n');
    expect(log).not.toContain(linkToken);
    expect(log).not.toContain(linkToken.slice(0, 20));
    expect(log).not.toContain(apiToken.slice(7, 27));
    const paths = loggedPaths();
    for (const [, logged] of targets) expect(paths).toContain(logged);
    // A security event names the path too: the API's refusal of a request without a token.
    expect(log).toMatch(
      /"securityEvent":"api-token-refused".*"path":"\/api\/v1\/registrations\/<token>"/,
    );
  });

  it("keeps a route's own names and numbers", () => {
    for (const path of [
      '/my/api/registration/data',
      '/staff/backchannel-logout',
      '/staff/api/registrations/123456/data',
      '/js/applicant-opening.1a2b3c4d.js',
      '/api/v1/registrations/7/transfer',
    ]) {
      expect(loggedPath(path)).toBe(path);
    }
  });
});
