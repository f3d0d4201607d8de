/** @jest-environment node */
/**
 * The staff console's promises to the people it protects, tried as an attacker or a careless
 * script would: access read afresh at every request, sessions bound to their provider and ended
 * by the staff, sign-out and reads no other site can trigger, sign-ins used once, refusals logged
 * with who was refused, and every read of personal data in the audit log. Through HTTP, signed in
 * through a real OpenID provider (testing/localProvider.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { signInRequestsPerMinute } from '../../server/console/signIn';
import { listenOnStaffSocket } from '../../server/operations/commandSocket';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { parseCsv } from '../../testing/csv';
import {
  signInAtProvider,
  startLocalProvider,
  type LocalProvider,
} from '../../testing/localProvider';
import { validValues } from '../../testing/registrations';
import { runStaffCommand } from '../../testing/server';
import {
  databaseTimeoutMs,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';
import { signIn, signInFrom } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

/** Where `inject` sends its requests by default. */
const publicUrl = 'http://localhost';
let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
const dataDir = makeTempDir('console-security-');
/** The app's clock, which the sign-in's age test moves. */
let now = Date.now();
/** What the app logs at warn and above, a JSON line each. */
const logLines: string[] = [];

/** An app on the suite's database with the provider's settings, changed as told. */
const appWith = (change: Record<string, string> = {}, options = {}) =>
  buildApp(
    testAppOptions({
      database,
      staffConsole: readStaffConsoleSettings({ ...provider.settings, ...change }),
      now: () => new Date(now),
      ...options,
    }),
  );

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await appWith(
    {},
    { dataDir, logLevel: 'warn', logStream: { write: (line: string) => logLines.push(line) } },
  );
  const token = await getXsrfToken(app);
  for (const [firstName, degreeProgram] of [
    ['Mira', 'MIDS'],
    ['Ivar', 'IT'],
  ]) {
    const body = buildCreateOnboardingFormBody({ ...validValues, firstName, degreeProgram });
    expect((await postGraphql(app, token, body)).statusCode).toBe(200);
  }
}, 4 * databaseTimeoutMs);

beforeEach(() => {
  logLines.length = 0;
});

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

const get = (url: string, cookie: string, target = app) =>
  target.inject({ method: 'GET', url, headers: { cookie } });

/** The security events logged, as who (the provider's subject) was refused what. */
const securityEvents = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.securityEvent)
    .map(({ securityEvent, path, staff }) => ({ securityEvent, path, staff }));

const lastAudit = async () =>
  (
    await database.query<{ command: string; row_count: number; os_user: string; details: string }>(
      'SELECT command, row_count, os_user, details FROM audit_log ORDER BY id DESC LIMIT 1',
    )
  )[0];

const firstNames = (items: Array<Record<string, unknown>>) => items.map((item) => item.firstName);

const idOf = async (firstName: string) =>
  (
    await database.query<{ id: number; reference: string }>(
      'SELECT id, reference FROM registrations WHERE first_name = $1',
      [firstName],
    )
  )[0];

/** Headers of a request the console makes with the XSRF header. */
const withXsrf = async (cookie: string) => {
  const token = await getXsrfToken(app, cookie);
  return { cookie: `${cookie}; ${xsrfCookieName}=${token}`, [xsrfHeaderName]: token };
};

describe('access read at every request', () => {
  it("applies a changed STAFF_ACCESS at the session's next request, without a new sign-in", async () => {
    const cookie = await signIn(app, 'coordinator');
    expect(firstNames((await get('/staff/api/registrations', cookie)).json().items)).toEqual([
      'Mira',
    ]);
    // The server restarted with the coordinator's group moved to another programme.
    const changed = await appWith({ STAFF_ACCESS: 'admissions-admins:admin,mids-team:IT' });
    try {
      expect((await get('/staff/api/me', cookie, changed)).json()).toMatchObject({
        admin: false,
        programmes: ['IT'],
      });
      const list = await get('/staff/api/registrations', cookie, changed);
      expect(firstNames(list.json().items)).toEqual(['Ivar']);
      const exported = await get('/staff/api/export?format=csv', cookie, changed);
      expect(firstNames(parseCsv(exported.body))).toEqual(['Ivar']);
    } finally {
      await changed.close();
    }
  });

  it.each([
    // The same provider under its other loopback name is, to the server, another issuer.
    [
      'another provider',
      () => ({
        STAFF_OIDC_ISSUER: provider.settings.STAFF_OIDC_ISSUER.replace('127.0.0.1', 'localhost'),
      }),
    ],
    ['another client', () => ({ STAFF_OIDC_CLIENT_ID: 'another-console' })],
  ])('opens no session made under %s', async (_name, change) => {
    const cookie = await signIn(app, 'admin');
    const other = await appWith(change());
    try {
      expect((await get('/staff/api/me', cookie, other)).statusCode).toBe(401);
      expect((await get('/staff/api/me', cookie)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ends every session of a person at `npm run end-sessions`, and records who did', async () => {
    const coordinator = [await signIn(app, 'coordinator'), await signIn(app, 'coordinator')];
    const admin = await signIn(app, 'admin');
    const [{ open }] = await database.query<{ open: number }>(
      "SELECT count(*)::integer AS open FROM staff_sessions WHERE subject = 'coordinator'",
    );
    // Through the running server's staff socket, as on a server that holds its database.
    const socket = await listenOnStaffSocket(app.operations, dataDir, app.log);
    try {
      const result = await runStaffCommand(
        ['end-sessions', '--subject', 'coordinator'],
        { DATA_DIR: dataDir },
        { entry: 'compiled' },
      );
      expect(result.stderr).toBe('');
      expect(result.stdout.toString()).toBe(`Ended ${open} console sessions of "coordinator".\n`);
      expect(await lastAudit()).toEqual({
        command: 'end-sessions',
        row_count: open,
        os_user: expect.any(String),
        details: 'subject="coordinator"',
      });
      // What it shows a terminal is its words in their order: a direction mark is left out.
      const marked = await runStaffCommand(
        ['end-sessions', '--subject', 'nobody\u200F'],
        { DATA_DIR: dataDir },
        { entry: 'compiled' },
      );
      expect(marked.stdout.toString()).toBe('Ended 0 console sessions of "nobody".\n');
    } finally {
      await socket.close();
    }
    for (const cookie of coordinator) {
      expect((await get('/staff/api/me', cookie)).statusCode).toBe(401);
    }
    expect((await get('/staff/api/me', admin)).statusCode).toBe(200);
  });
});

describe('nothing another site can trigger', () => {
  it('signs out only by POST with the XSRF header', async () => {
    const cookie = await signIn(app, 'admin');
    const link = await get('/staff/logout', cookie);
    expect([link.statusCode, link.headers.allow]).toEqual([405, 'POST']);
    const forged = await app.inject({ method: 'POST', url: '/staff/logout', headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(200);

    const signOut = await app.inject({
      method: 'POST',
      url: '/staff/logout',
      headers: await withXsrf(cookie),
    });
    expect(signOut.statusCode).toBe(200);
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(401);
  });

  it('refuses a read another site sends the browser to, writing nothing in its name', async () => {
    const cookie = await signIn(app, 'admin');
    const before = await lastAudit();
    const response = await app.inject({
      method: 'GET',
      url: '/staff/api/export?format=csv',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(await lastAudit()).toEqual(before);
    expect(securityEvents()).toEqual([
      { securityEvent: 'xsrf-cross-site', path: '/staff/api/export', staff: 'admin' },
    ]);
    // The console's own requests say same-origin.
    const own = await app.inject({
      method: 'GET',
      url: '/staff/api/export?format=csv',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('takes only the XSRF token bound to the session: not one from before the sign-in, nor from another session', async () => {
    const { cookie, xsrfToken } = await signInFrom(app, 'admin', '/staff/login');
    const other = await signIn(app, 'admin');
    const signOutWith = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/staff/logout',
        headers: { cookie: `${cookie}; ${xsrfCookieName}=${token}`, [xsrfHeaderName]: token },
      });

    expect((await signOutWith(await getXsrfToken(app))).statusCode).toBe(403);
    expect((await signOutWith(await getXsrfToken(app, other))).statusCode).toBe(403);
    expect(securityEvents()).toEqual([
      { securityEvent: 'xsrf-token', path: '/staff/logout', staff: undefined },
      { securityEvent: 'xsrf-token', path: '/staff/logout', staff: undefined },
    ]);
    // The token the sign-in gave, which every page keeps.
    expect(await getXsrfToken(app, cookie)).toBe(xsrfToken);
    expect((await signOutWith(xsrfToken)).statusCode).toBe(200);
  });

  it("refuses an XSRF token signed with the server's secret itself: the tokens have a key of their own", async () => {
    const cookie = await signIn(app, 'admin');
    const value = randomBytes(32).toString('base64url');
    const signature = createHmac('sha256', app.operations.secret).update(value).digest('base64url');
    const token = `${value}.${signature}`;
    const response = await app.inject({
      method: 'POST',
      url: '/staff/logout',
      headers: { cookie: `${cookie}; ${xsrfCookieName}=${token}`, [xsrfHeaderName]: token },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in', () => {
  /** Begins a sign-in as `login` and comes back from the provider, without the callback yet. */
  async function beginSignIn(login: string) {
    const start = await app.inject({ method: 'GET', url: '/staff/login' });
    const cookie = start.cookies.find((candidate) => candidate.name === 'staff-sign-in')!;
    const authorization = new URL(start.headers.location as string);
    const callback = new URL(await signInAtProvider(authorization.href, login));
    const finish = (url: URL = callback) =>
      app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        cookies: { [cookie.name]: cookie.value },
      });
    return { cookie, state: authorization.searchParams.get('state')!, callback, finish };
  }

  it('keeps the sign-in under way on the server: the cookie names it and is taken once', async () => {
    const { cookie, state, callback, finish } = await beginSignIn('admin');
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie.value).not.toContain(state);
    // A callback that fails (here a code the provider never gave) uses the sign-in up.
    const wrongCode = new URL(callback);
    wrongCode.searchParams.set('code', 'made-up');
    expect((await finish(wrongCode)).headers.location).toBe('/staff/sign-in-failed');
    const replayed = await finish();
    expect(replayed.headers.location).toBe('/staff/sign-in-failed');
    expect(replayed.cookies.map((set) => set.name)).not.toContain('staff-session');
  });

  it('refuses a sign-in begun more than 10 minutes before its callback', async () => {
    const { finish } = await beginSignIn('admin');
    now += 11 * 60 * 1000;
    const late = await finish();
    expect(late.headers.location).toBe('/staff/sign-in-failed');
    expect(late.cookies.map((set) => set.name)).not.toContain('staff-session');
  });

  it('holds a client at 60 sign-in requests a minute', async () => {
    const limited = await appWith({}, { rateLimitPerMinute: 60 });
    try {
      const callback = () => limited.inject({ method: 'GET', url: '/staff/callback?code=x' });
      for (let request = 0; request < signInRequestsPerMinute; request++) {
        expect((await callback()).statusCode).toBe(302);
      }
      expect((await callback()).statusCode).toBe(429);
      const login = await limited.inject({ method: 'GET', url: '/staff/login' });
      expect(login.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('gives nothing for a groups claim that is not a list of names, and names no unverified email', async () => {
    // Its groups claim is [["admissions-admins"]]; its email is the admin's, unverified.
    const cookie = await signIn(app, 'unverified');
    expect((await get('/staff/api/me', cookie)).json()).toMatchObject({
      admin: false,
      programmes: [],
    });
    const [signInEntry] = await database.query<{ os_user: string; details: string }>(
      "SELECT os_user, details FROM audit_log WHERE command = 'sign-in' ORDER BY id DESC LIMIT 1",
    );
    expect(signInEntry).toEqual({
      os_user: `sso unverified at ${provider.settings.STAFF_OIDC_ISSUER}/`,
      details: 'access=none',
    });
  });

  it('comes back to /staff from a return address that is no URL, and logs nothing of it', async () => {
    const { location } = await signInFrom(app, 'admin', '/staff/login?return=http%3A%2F%2F%5B');
    expect(location).toBe('/staff');
    expect(logLines.join('')).not.toContain('http://[');
  });

  it('names its cookies __Host- under https, secure and for the whole site', async () => {
    const httpsUrl = 'https://registration.example.edu';
    const httpsProvider = await startLocalProvider(httpsUrl);
    const secure = await buildApp(
      testAppOptions({ database, staffConsole: readStaffConsoleSettings(httpsProvider.settings) }),
    );
    try {
      const start = await secure.inject({ method: 'GET', url: '/staff/login' });
      expect(start.cookies).toEqual([
        expect.objectContaining({ name: '__Host-staff-sign-in', path: '/', secure: true }),
      ]);
      const cookie = await signIn(secure, 'admin');
      expect(cookie).toMatch(/^__Host-staff-session=/);
      expect((await get('/staff/api/me', cookie, secure)).statusCode).toBe(200);
    } finally {
      await secure.close();
      await httpsProvider.stop();
    }
  });
});

describe('refusals logged with who was refused', () => {
  it('logs a non-admin refused the audit log or an erase', async () => {
    const cookie = await signIn(app, 'coordinator');
    const { id } = await idOf('Mira');
    expect((await get('/staff/api/audit-log', cookie)).statusCode).toBe(403);
    const erase = await app.inject({
      method: 'DELETE',
      url: `/staff/api/registrations/${id}`,
      headers: { ...(await withXsrf(cookie)), 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'asked by the applicant' }),
    });
    expect(erase.statusCode).toBe(403);
    expect(securityEvents()).toEqual([
      { securityEvent: 'staff-access-denied', path: '/staff/api/audit-log', staff: 'coordinator' },
      {
        securityEvent: 'staff-access-denied',
        path: `/staff/api/registrations/${id}`,
        staff: 'coordinator',
      },
    ]);
  });

  it('logs a person whose groups give no programme asking for the list or an export', async () => {
    const cookie = await signIn(app, 'outsider');
    expect((await get('/staff/api/registrations', cookie)).statusCode).toBe(403);
    expect((await get('/staff/api/export?format=csv', cookie)).statusCode).toBe(403);
    expect(securityEvents()).toEqual([
      { securityEvent: 'staff-access-denied', path: '/staff/api/registrations', staff: 'outsider' },
      { securityEvent: 'staff-access-denied', path: '/staff/api/export', staff: 'outsider' },
    ]);
  });
});

describe('reads of personal data', () => {
  it("exports to a coordinator only their programme's registrations", async () => {
    const cookie = await signIn(app, 'coordinator');
    const exported = await get('/staff/api/export?format=csv', cookie);
    expect(firstNames(parseCsv(exported.body))).toEqual(['Mira']);
    expect(await lastAudit()).toMatchObject({ command: 'export', row_count: 1 });
  });

  it('records each page of the list, with its filter', async () => {
    const cookie = await signIn(app, 'admin');
    await get('/staff/api/registrations?programme=MIDS&page=1', cookie);
    expect(await lastAudit()).toEqual({
      command: 'list',
      row_count: 1,
      os_user: `alma.admin@example.edu (sso admin at ${provider.settings.STAFF_OIDC_ISSUER}/)`,
      details: 'page=1 programme=MIDS',
    });
  });

  it("records a download of an applicant's data, by id and reference", async () => {
    const cookie = await signIn(app, 'coordinator');
    const { id, reference } = await idOf('Mira');
    expect((await get(`/staff/api/registrations/${id}/data`, cookie)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      command: 'download',
      row_count: 1,
      details: `id=${id} reference=${reference}`,
    });
  });

  it('records that the list was searched, never what for', async () => {
    const cookie = await signIn(app, 'admin');
    await get('/staff/api/registrations?q=Mira', cookie);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ command: 'list', details: 'page=1 search=yes' });
  });
  it("searches with the text in the body, in no request's address, and records only that it did", async () => {
    const cookie = await signIn(app, 'coordinator');
    const search = (body: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/staff/api/registrations/search',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    // A search changes nothing, but it writes to the audit log in the person's name.
    expect((await search({ q: 'mir' }, { cookie })).statusCode).toBe(403);

    const found = await search({ q: 'mir', page: 1 }, await withXsrf(cookie));
    expect(found.statusCode).toBe(200);
    expect(firstNames(found.json().items)).toEqual(['Mira']);
    expect(found.json().total).toBe(1);
    expect(await lastAudit()).toMatchObject({ command: 'list', details: 'page=1 search=yes' });
    // Within what the person may see, as the list is.
    const others = await search({ q: 'iva' }, await withXsrf(cookie));
    expect(others.json()).toEqual({ total: 0, items: [] });
    expect((await search({ q: 'mir', page: 0 }, await withXsrf(cookie))).statusCode).toBe(400);

    const exported = await app.inject({
      method: 'POST',
      url: '/staff/api/export',
      headers: { ...(await withXsrf(cookie)), 'content-type': 'application/json' },
      payload: JSON.stringify({ q: 'mir', format: 'csv' }),
    });
    expect(firstNames(parseCsv(exported.body))).toEqual(['Mira']);
    expect(await lastAudit()).toMatchObject({
      command: 'export',
      row_count: 1,
      details: 'format=csv search=yes',
    });
  });
});
