/** @jest-environment node */
/**
 * The provider's back-channel logout (OpenID Connect Back-Channel Logout): a person who signs out
 * at the provider is signed out of the console too, by the logout token the provider posts; a
 * token it did not sign, or one taken already, ends nothing. Through HTTP, with the provider
 * (testing/localProvider.ts) posting to the app listening on a port.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { backChannelLogoutPath } from '../../src/contract/consolePaths';
import {
  cookieJar,
  signOutAtProvider,
  startLocalProvider,
  type LocalProvider,
} from '../../testing/localProvider';
import { freePort } from '../../testing/server';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signInFrom } from './support/staffSignIn';
import { testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

let provider: LocalProvider;
let otherProvider: LocalProvider;
let database: Database;
let app: FastifyInstance;
/** PUBLIC_URL's host, where the provider sends the browser back to. */
let host: string;

const staffSignIn = async (login: string) =>
  (await signInFrom(app, login, '/staff/login', { host })).cookie;

beforeAll(async () => {
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  host = new URL(publicUrl).host;
  provider = await startLocalProvider(publicUrl);
  otherProvider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({ database, staffConsole: readStaffConsoleSettings(provider.settings) }),
  );
  await app.listen({ host: '127.0.0.1', port: Number(new URL(publicUrl).port) });
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await otherProvider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

const me = (cookie: string) =>
  app.inject({ method: 'GET', url: '/staff/api/me', headers: { cookie, host } });

const postLogoutToken = (token: string) =>
  app.inject({
    method: 'POST',
    url: backChannelLogoutPath,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ logout_token: token }).toString(),
  });

it('ends the console session of a person who signs out at the provider', async () => {
  const coordinator = await staffSignIn('coordinator');
  const providerCookies = cookieJar();
  const admin = (await signInFrom(app, 'admin', '/staff/login', { host, providerCookies })).cookie;
  expect((await me(admin)).statusCode).toBe(200);

  await signOutAtProvider(provider.settings.STAFF_OIDC_ISSUER, providerCookies);

  expect((await me(admin)).statusCode).toBe(401);
  expect((await me(coordinator)).statusCode).toBe(200);
  const [entry] = await database.query<{ command: string; row_count: number; details: string }>(
    'SELECT command, row_count, details FROM audit_log ORDER BY id DESC LIMIT 1',
  );
  expect(entry).toEqual({
    command: 'end-sessions',
    row_count: 1,
    details: 'subject="admin" back-channel logout',
  });
});

it('takes a logout token once, and none that the provider did not sign', async () => {
  const cookie = await staffSignIn('coordinator');
  const forged = await otherProvider.logoutToken('coordinator');
  expect((await postLogoutToken(forged)).statusCode).toBe(400);
  expect((await postLogoutToken('not.a.token')).statusCode).toBe(400);
  expect((await me(cookie)).statusCode).toBe(200);

  const token = await provider.logoutToken('coordinator');
  expect((await postLogoutToken(token)).statusCode).toBe(200);
  expect((await me(cookie)).statusCode).toBe(401);

  const again = await staffSignIn('coordinator');
  expect((await postLogoutToken(token)).statusCode).toBe(400);
  expect((await me(again)).statusCode).toBe(200);
});
