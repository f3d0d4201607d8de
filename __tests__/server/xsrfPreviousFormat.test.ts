/** @jest-environment node */
/**
 * A form loaded from a release before 75067a2 (d3a582d, say) carries an XSRF token signed with
 * the secret itself; after an upgrade with the same XSRF_SECRET this release must still take it.
 * The token is made here as d3a582d's server/xsrfToken.ts made it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { buildApp } from '../../server/app';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { xsrfCookieName } from '../../src/contract/protocol';
import { validValues } from '../../testing/registrations';
import {
  countRegistrations,
  databaseTimeoutMs,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';
import { postGraphql, testAppOptions } from './support/testApp';

const sharedSecret = 'a-secret-shared-by-every-instance-behind-the-balancer';

/** `<value>.<HMAC-SHA256 of value under the secret>`, both base64url: d3a582d's token. */
function tokenOfD3a582d(secret: string): string {
  const value = randomBytes(32).toString('base64url');
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`;
}

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testAppOptions({ database, xsrfSecret: sharedSecret }));
}, databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await database?.close();
  removeTempDirs();
});

beforeEach(async () => {
  await database.query('DELETE FROM registrations');
});

const xsrfRefusals = async () =>
  Number(
    /^registrations_refused_total\{reason="xsrf-token"\} (\d+)$/m.exec(
      await app.metrics.registry.metrics(),
    )?.[1] ?? 0,
  );

const submitWith = (token: string) =>
  postGraphql(app, token, buildCreateOnboardingFormBody(validValues));

describe('an XSRF token of a release before 75067a2', () => {
  it('takes a registration sent with it', async () => {
    const response = await submitWith(tokenOfD3a582d(sharedSecret));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { createOnboardingForm: validValues } });
    expect(await countRegistrations(database)).toBe(1);
  });

  it('refuses one signed so under another secret, and counts the refusal', async () => {
    const before = await xsrfRefusals();
    const response = await submitWith(tokenOfD3a582d(`another-${sharedSecret}`));

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Missing or invalid X-XSRF-TOKEN header');
    expect(await countRegistrations(database)).toBe(0);
    // What the alert XsrfRefusals (ops/prometheus/xsrf.rules.yml) reads.
    expect(await xsrfRefusals()).toBe(before + 1);
  });

  it('is replaced by a token of today at the next page', async () => {
    const old = tokenOfD3a582d(sharedSecret);
    const page = await app.inject({ method: 'GET', url: '/', cookies: { [xsrfCookieName]: old } });
    const given = page.cookies.find((cookie) => cookie.name === xsrfCookieName)?.value;

    expect(given).toBeDefined();
    expect(given).not.toBe(old);
    // Today's signature is no HMAC under the secret itself.
    const [value, signature] = given!.split('.');
    expect(createHmac('sha256', sharedSecret).update(value).digest('base64url')).not.toBe(
      signature,
    );
    expect((await submitWith(given!)).statusCode).toBe(200);
  });
});
