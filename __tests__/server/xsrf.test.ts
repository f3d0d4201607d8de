/** @jest-environment node */
/**
 * Cross-site request protection: signed double-submit tokens, fetch metadata and Origin.
 * Each case names the request that the naive double-submit cookie accepted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { xsrfSecretFile } from '../../server/xsrfSecret';
import { makeDataDir, removeTempDirs, stubDatabase } from './support/fixtures';
import { getXsrfToken, testAppOptions } from './support/testApp';

const sharedSecret = 'a-secret-shared-by-every-instance-behind-the-balancer';
const apps: FastifyInstance[] = [];

async function startApp(overrides: Parameters<typeof testAppOptions>[0] = {}) {
  const app = await buildApp(testAppOptions({ database: stubDatabase(), ...overrides }));
  apps.push(app);
  return app;
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  removeTempDirs();
});

function post(
  app: FastifyInstance,
  { cookie, header, headers = {} }: { cookie?: string; header?: string; headers?: object },
) {
  return app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(header === undefined ? {} : { 'x-xsrf-token': header }),
      ...headers,
    },
    cookies: cookie === undefined ? {} : { 'XSRF-TOKEN': cookie },
    payload: JSON.stringify({ query: '{ apiVersion }' }),
  });
}

describe('signed double-submit tokens', () => {
  it('accept the pair the server issued', async () => {
    const app = await startApp();
    const token = await getXsrfToken(app);

    expect((await post(app, { cookie: token, header: token })).statusCode).toBe(200);
  });

  it.each([
    ['a made-up pair in the old format (43 characters)', 'A'.repeat(43)],
    ['a made-up pair in the new format', `${'A'.repeat(43)}.${'B'.repeat(43)}`],
  ])('refuse %s, equal in cookie and header', async (_case, forged) => {
    const app = await startApp();

    const response = await post(app, { cookie: forged, header: forged });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Missing or invalid X-XSRF-TOKEN header');
  });

  it('refuse, and replace on the next page, a token signed under another secret', async () => {
    const ours = await startApp({ xsrfSecret: sharedSecret });
    const theirs = await startApp({ xsrfSecret: `another-${sharedSecret}` });
    const planted = await getXsrfToken(theirs);

    expect((await post(ours, { cookie: planted, header: planted })).statusCode).toBe(403);
    const page = await ours.inject({ method: 'GET', url: '/', cookies: { 'XSRF-TOKEN': planted } });
    expect(page.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value).not.toBe(planted);
  });

  it('are accepted by every instance that shares XSRF_SECRET', async () => {
    const first = await startApp({ xsrfSecret: sharedSecret });
    const second = await startApp({ xsrfSecret: sharedSecret });
    const token = await getXsrfToken(first);

    expect((await post(second, { cookie: token, header: token })).statusCode).toBe(200);
  });

  it('are signed, without XSRF_SECRET, by a secret kept in DATA_DIR for the server user only', async () => {
    const dataDir = makeDataDir();
    const before = await startApp({ dataDir });
    const token = await getXsrfToken(before);
    const after = await startApp({ dataDir }); // a restart on the same DATA_DIR

    expect((await post(after, { cookie: token, header: token })).statusCode).toBe(200);
    expect(fs.statSync(path.join(dataDir, xsrfSecretFile)).mode & 0o777).toBe(0o600);
  });
});

describe('fetch metadata and Origin', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a sibling subdomain as Origin', { origin: 'http://evil.localhost' }],
    ['Origin: null', { origin: 'null' }],
  ])('refuse %s even with a valid token', async (_case, headers) => {
    const app = await startApp();
    const token = await getXsrfToken(app);

    const response = await post(app, { cookie: token, header: token, headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site request refused');
  });

  it.each([
    ['same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
    ['our own Origin with its port', { origin: 'http://localhost:80' }],
    ['no fetch metadata at all (an older browser)', {}],
  ])('accept %s', async (_case, headers) => {
    const app = await startApp();
    const token = await getXsrfToken(app);

    expect((await post(app, { cookie: token, header: token, headers })).statusCode).toBe(200);
  });
});
