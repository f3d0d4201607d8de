/** @jest-environment node */
/**
 * The staff console's sign-in and API through HTTP, signed in through a real OpenID provider
 * (testing/localProvider.ts, oidc-provider, in this process) whose login form the test fills in as
 * a person would.
 */
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { formColumns } from '../../server/db/registrations';
import type { Database } from '../../server/db/database';
import { accessOf } from '../../server/console/access';
import { recordAudit } from '../../server/operations/auditLog';
import { applicantAuditActor } from '../../server/applicant/applicantRoutes';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { staffRequestsPerMinute } from '../../server/console/consolePlugin';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { validValues } from '../../testing/registrations';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn, signInFrom } from './support/staffSignIn';
import {
  overlongSubject,
  signInAtProvider,
  startLocalProvider,
  type LocalProvider,
} from '../../testing/localProvider';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { parseCsv } from '../../testing/csv';
import { repoRoot } from '../../testing/paths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { consoleApiSchemas } from '../../src/contract/consoleApiSchemas';
import * as registrationQueries from '../../server/console/registrationQueries';

/** Where `inject` sends its requests by default. */
const publicUrl = 'http://localhost';
let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
/** The app's clock, which the timeout tests move. */
let now = Date.now();

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({
      database,
      staffConsole: readStaffConsoleSettings(provider.settings),
      now: () => new Date(now),
    }),
  );
  const token = await getXsrfToken(app);
  const register = (values: Partial<typeof validValues>) =>
    postGraphql(app, token, buildCreateOnboardingFormBody({ ...validValues, ...values }));
  for (const [firstName, degreeProgram] of [
    ['Mira', 'MIDS'],
    ['Ivar', 'IT'],
  ]) {
    expect((await register({ firstName, degreeProgram })).statusCode).toBe(200);
  }
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

/** Today in the test's TIME_ZONE (Europe/Helsinki), as YYYY-MM-DD. */
const today = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(new Date());

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The demo admin as the audit log names them: the verified email, the provider and subject. */
const adminActor = () =>
  `alma.admin@example.edu (sso admin at ${provider.settings.STAFF_OIDC_ISSUER}/)`;

describe('sign-in', () => {
  it('signs an admin in through the provider and shows every programme', async () => {
    const cookie = await signIn(app, 'admin');

    const me = await get('/staff/api/me', cookie);
    expect(me.json()).toEqual({
      subject: 'admin',
      name: 'Alma Admin',
      email: 'alma.admin@example.edu',
      admin: true,
      programmes: ['IA', 'IT', 'EMT', 'PMT', 'MSE', 'MIDS', 'MTH', 'EASE'],
    });
    const list = await get('/staff/api/registrations', cookie);
    expect(list.json().total).toBe(2);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a session, and with one that has ended', async () => {
    expect((await get('/staff/api/registrations')).statusCode).toBe(401);
    const cookie = await signIn(app, 'admin');
    now += 29 * 60 * 1000;
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(200);
    now += 31 * 60 * 1000; // 31 minutes idle since the last request
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(401);
  });

  it('ends a session 8 hours after sign-in however busy it is', async () => {
    const cookie = await signIn(app, 'admin');
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      now += 20 * 60 * 1000;
      expect((await get('/staff/api/me', cookie)).statusCode).toBe(200);
    }
    now += 21 * 60 * 1000;
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(401);
  });

  it('ends the session at sign-out, here and at the provider, naming it without the ID token', async () => {
    const cookie = await signIn(app, 'admin');
    const token = await getXsrfToken(app, cookie);
    const logout = await app.inject({
      method: 'POST',
      url: '/staff/logout',
      headers: { cookie: `${cookie}; ${xsrfCookieName}=${token}`, [xsrfHeaderName]: token },
    });
    expect(logout.statusCode).toBe(200);
    const endSession = new URL(logout.json().location);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({
      client_id: provider.settings.STAFF_OIDC_CLIENT_ID,
      logout_hint: 'admin',
      post_logout_redirect_uri: `${publicUrl}/staff/signed-out`,
    });
    expect(endSession.origin + endSession.pathname).toBe(
      `${provider.settings.STAFF_OIDC_ISSUER}/session/end`,
    );
    // Back to a page that asks for no session, or it would sign the person in again at once.
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${publicUrl}/staff/signed-out`,
    );
    expect((await get('/staff/api/me', cookie)).statusCode).toBe(401);
  });

  it("refuses a provider's subject over 255 characters with its own page, storing nothing", async () => {
    const start = await get('/staff/login');
    const pending = start.cookies.find((cookie) => cookie.name.endsWith('staff-sign-in'))!;
    const callback = new URL(
      await signInAtProvider(start.headers.location as string, overlongSubject),
    );
    const done = await app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { [pending.name]: pending.value },
    });

    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/staff/sign-in-refused');
    expect(done.cookies.map((cookie) => cookie.name)).not.toContain('staff-session');
    const stored = await database.query(
      "SELECT 1 FROM staff_members WHERE name = 'Otto Overlong' UNION ALL SELECT 1 FROM audit_log WHERE os_user LIKE '%sso sss%'",
    );
    expect(stored).toEqual([]);
  });

  it('stores and shows a name and email without their control characters, and leaves out such a group', async () => {
    const cookie = await signIn(app, 'marked');
    expect((await get('/staff/api/me', cookie)).json()).toMatchObject({ admin: true });
    const [stored] = await database.query(
      "SELECT name, email FROM staff_members WHERE subject = 'marked'",
    );
    expect(stored).toEqual({ name: 'Noa Levi Katz', email: 'noa.levi@example.edu' });
  });

  it('comes back to the console page it was asked for, with its filter', async () => {
    const page = '/staff?programme=MIDS&q=Mira';
    const loginUrl = `/staff/login?${new URLSearchParams({ return: page })}`;
    expect((await signInFrom(app, 'admin', loginUrl)).location).toBe(page);
  });

  it.each([
    'https://evil.example/staff',
    '//evil.example/staff',
    '/\\evil.example/staff',
    '/staff/../account',
    '/staff/api/export?format=csv',
    '/staff/logout',
    '/staff/signed-out', // would say "signed out" to someone just signed in
    'javascript:alert(1)',
    'http://[', // no URL at all
  ])('comes back to /staff, never to %s', async (page) => {
    const loginUrl = `/staff/login?${new URLSearchParams({ return: page })}`;
    expect((await signInFrom(app, 'admin', loginUrl)).location).toBe('/staff');
  });

  it("sends a sign-in begun at another loopback name to PUBLIC_URL's, where it will come back", async () => {
    const begun = await app.inject({
      method: 'GET',
      url: '/staff/login?return=%2Fstaff%2F7',
      headers: { host: '127.0.0.1:80' },
    });
    expect(begun.statusCode).toBe(302);
    expect(begun.headers.location).toBe(`${publicUrl}/staff/login?return=%2Fstaff%2F7`);
    expect(begun.cookies).toEqual([]);
  });

  it('refuses a callback that no sign-in of this browser started, on a page that says so', async () => {
    const response = await get('/staff/callback?code=stolen&state=guessed');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/staff/sign-in-failed');
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('staff-session');
  });
});

describe('access', () => {
  it('shows a coordinator only their programme, in the list and by id', async () => {
    const cookie = await signIn(app, 'coordinator');
    const list = await get('/staff/api/registrations', cookie);
    expect(list.json().items.map((item: { firstName: string }) => item.firstName)).toEqual([
      'Mira',
    ]);

    const [other] = await database.query<{ id: number }>(
      "SELECT id FROM registrations WHERE degree_program = 'IT'",
    );
    const accessDenied = async () =>
      Number(
        /^registrations_refused_total\{reason="staff-access-denied"\} (\d+)$/m.exec(
          await app.metrics.registry.metrics(),
        )?.[1] ?? 0,
      );
    const before = await accessDenied();
    expect((await get(`/staff/api/registrations/${other.id}`, cookie)).statusCode).toBe(404);
    // Another programme's registration is a security event; one that is not stored (just erased,
    // say) answers the same, without one.
    expect(await accessDenied()).toBe(before + 1);
    expect((await get('/staff/api/registrations/999999', cookie)).statusCode).toBe(404);
    expect(await accessDenied()).toBe(before + 1);
  });

  it('gives a person in no listed group nothing', async () => {
    const cookie = await signIn(app, 'outsider');
    expect((await get('/staff/api/me', cookie)).json()).toMatchObject({
      admin: false,
      programmes: [],
    });
    expect((await get('/staff/api/registrations', cookie)).statusCode).toBe(403);
    expect((await get('/staff/api/export?format=csv', cookie)).statusCode).toBe(403);
  });

  it('records sign-ins and every read in the audit log, without the applicant', async () => {
    const cookie = await signIn(app, 'admin');
    const [row] = await database.query<{ id: number; reference: string }>(
      "SELECT id, reference FROM registrations WHERE first_name = 'Mira'",
    );
    await get(`/staff/api/registrations/${row.id}`, cookie);
    const log = await database.query<{ command: string; os_user: string; details: string }>(
      'SELECT command, os_user, details FROM audit_log ORDER BY id DESC LIMIT 2',
    );
    expect(log).toEqual([
      {
        command: 'open',
        os_user: adminActor(),
        details: `id=${row.id} reference=${row.reference}`,
      },
      {
        command: 'sign-in',
        os_user: adminActor(),
        details: 'access=admin',
      },
    ]);
  });
});

describe('search and filters', () => {
  it.each(['q=a%00b', 'assignee=%00', 'q=%1B%5B2J'])(
    'refuses %s: a control character in the query is no filter (400, not a database error)',
    async (query) => {
      const cookie = await signIn(app, 'admin');
      expect((await get(`/staff/api/registrations?${query}`, cookie)).statusCode).toBe(400);
    },
  );

  it('finds by part of a name or by the reference, newest first', async () => {
    const cookie = await signIn(app, 'admin');
    const byName = await get('/staff/api/registrations?q=ivA', cookie);
    expect(byName.json().items.map((item: { firstName: string }) => item.firstName)).toEqual([
      'Ivar',
    ]);
    const reference = byName.json().items[0].reference;
    const byReference = await get(`/staff/api/registrations?q=${reference.toLowerCase()}`, cookie);
    expect(byReference.json().total).toBe(1);
    const all = await get('/staff/api/registrations?programme=MIDS', cookie);
    expect(all.json().items.map((item: { firstName: string }) => item.firstName)).toEqual(['Mira']);
  });

  it('refuses an unknown filter value with 400', async () => {
    const cookie = await signIn(app, 'admin');
    expect((await get('/staff/api/registrations?programme=XYZ', cookie)).statusCode).toBe(400);
    expect((await get('/staff/api/registrations?from=2026-13-45x', cookie)).statusCode).toBe(400);
  });
});

describe('export, download and erase', () => {
  const xsrfHeaders = async (cookie: string) => {
    const token = await getXsrfToken(app, cookie);
    return {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      'content-type': 'application/json',
    };
  };
  const idOf = async (firstName: string) =>
    (
      await database.query<{ id: number }>('SELECT id FROM registrations WHERE first_name = $1', [
        firstName,
      ])
    )[0]?.id;

  it('exports the current filter as CSV, recorded with its filter and row count', async () => {
    const cookie = await signIn(app, 'admin');
    const response = await get('/staff/api/export?format=csv&programme=IT', cookie);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="registrations-IT-${today()}.csv"`,
    );
    const rows = parseCsv(response.body);
    expect(rows.map((row) => row.firstName)).toEqual(['Ivar']);
    const [entry] = await database.query<{ command: string; row_count: number; details: string }>(
      'SELECT command, row_count, details FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(entry).toEqual({ command: 'export', row_count: 1, details: 'format=csv programme=IT' });
  });

  it('names the file by its filter and the day in TIME_ZONE, xlsx and CSV alike, never by the search', async () => {
    const cookie = await signIn(app, 'admin');
    const headers = await xsrfHeaders(cookie);
    const nameOf = async (query: object) => {
      const response = await app.inject({
        method: 'POST',
        url: '/staff/api/export',
        headers,
        payload: JSON.stringify(query),
      });
      expect(response.statusCode).toBe(200);
      return /filename="(.*)"$/.exec(response.headers['content-disposition'] as string)?.[1];
    };

    expect(await nameOf({ format: 'xlsx' })).toBe(`registrations-${today()}.xlsx`);
    expect(
      await nameOf({
        format: 'csv',
        programme: 'MIDS',
        state: 'new',
        assignee: 'none',
        duplicates: 'true',
        from: '2026-03-01',
        to: '2026-03-31',
        q: 'Mira',
      }),
    ).toBe(
      `registrations-MIDS-new-unassigned-duplicates-from-2026-03-01-to-2026-03-31-search-${today()}.csv`,
    );
    expect(await nameOf({ format: 'xlsx', assignee: 'me', q: 'Mira' })).toBe(
      `registrations-mine-search-${today()}.xlsx`,
    );
    expect(await nameOf({ format: 'csv', assignee: 'admin' })).toBe(`registrations-${today()}.csv`);
  });

  it("downloads one applicant's data as JSON", async () => {
    const cookie = await signIn(app, 'coordinator');
    const response = await get(`/staff/api/registrations/${await idOf('Mira')}/data`, cookie);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="registration-\w{8}\.json"$/,
    );
    expect(response.json()).toMatchObject({
      ...validValues,
      firstName: 'Mira',
      degreeProgram: 'MIDS',
      language: 'sv',
    });
  });

  it('lets only an admin erase, with a reason and the XSRF header, and logs why', async () => {
    const coordinator = await signIn(app, 'coordinator');
    const admin = await signIn(app, 'admin');
    const url = `/staff/api/registrations/${await idOf('Mira')}`;
    const erase = async (cookie: string, body: unknown, withXsrf = true) =>
      app.inject({
        method: 'DELETE',
        url,
        headers: withXsrf
          ? await xsrfHeaders(cookie)
          : { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });

    expect((await erase(coordinator, { reason: 'asked by the applicant' })).statusCode).toBe(403);
    expect((await erase(admin, { reason: 'asked by the applicant' }, false)).statusCode).toBe(403);
    expect((await erase(admin, {})).statusCode).toBe(400);
    // A reason naming the applicant would outlive the erasure in the audit log.
    for (const reason of ['Mira asked for it', `by email from ${validValues.email}`]) {
      expect((await erase(admin, { reason })).statusCode).toBe(422);
    }
    expect(await idOf('Mira')).toBeDefined();
    expect((await erase(admin, { reason: 'asked by the applicant' })).statusCode).toBe(204);

    expect(await idOf('Mira')).toBeUndefined();
    expect((await get(url, admin)).statusCode).toBe(404);
    const log = await get('/staff/api/audit-log', admin);
    expect(log.json().items[0]).toMatchObject({
      command: 'erase',
      rowCount: 1,
      actor: adminActor(),
      details: expect.stringContaining('reason="asked by the applicant"'),
    });
  });

  it('shows the audit log to admins only', async () => {
    expect((await get('/staff/api/audit-log', await signIn(app, 'coordinator'))).statusCode).toBe(
      403,
    );
  });
});

describe('pages', () => {
  it('gives 50 a page, newest first, and the total', async () => {
    const cookie = await signIn(app, 'admin');
    // 60 more, copies of a stored one but for the first name, received a minute apart.
    await database.query(
      `INSERT INTO registrations (${formColumns.join(', ')}, language, created_at)
       SELECT 'Page' || n, ${formColumns.slice(1).join(', ')}, language,
         now() + make_interval(mins => n)
       FROM registrations, generate_series(1, 60) AS n WHERE first_name = 'Ivar'`,
    );
    const names = async (page: number) =>
      (await get(`/staff/api/registrations?page=${page}&q=page`, cookie)).json();

    const first = await names(1);
    expect(first.total).toBe(60);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].firstName).toBe('Page60');
    expect((await names(2)).items.map((item: { firstName: string }) => item.firstName)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Page${10 - index}`),
    );
    await database.query("DELETE FROM registrations WHERE first_name LIKE 'Page%'");
  });
});

describe('audit log pages', () => {
  it('gives the audit log 50 a page, newest first, with the total, and refuses a bad page', async () => {
    const cookie = await signIn(app, 'admin');
    for (let n = 1; n <= 60; n++) {
      await recordAudit(database, {
        command: 'probe',
        rowCount: n,
        actor: 'test',
        details: `n=${n}`,
      });
    }
    const [{ stored }] = await database.query<{ stored: number }>(
      'SELECT count(*)::integer AS stored FROM audit_log',
    );
    const pageOf = async (page: number) => {
      const response = await get(`/staff/api/audit-log?page=${page}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json() as { total: number; items: Array<{ details: string }> };
    };

    const first = await pageOf(1);
    expect(first.total).toBe(stored);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toEqual({
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      command: 'probe',
      rowCount: 60,
      actor: 'test',
      by: { kind: 'other' },
      details: 'n=60',
    });
    expect(first.items.map((item) => item.details)).toEqual(
      Array.from({ length: 50 }, (_, index) => `n=${60 - index}`),
    );
    // Without a page, the first.
    expect((await get('/staff/api/audit-log', cookie)).json()).toEqual(first);

    const second = await pageOf(2);
    expect(second.total).toBe(stored);
    expect(second.items).toHaveLength(Math.min(50, stored - 50));
    expect(second.items.slice(0, 10).map((item) => item.details)).toEqual(
      Array.from({ length: 10 }, (_, index) => `n=${10 - index}`),
    );
    // Past the last page: none, and still the total.
    expect(await pageOf(Math.ceil(stored / 50) + 1)).toEqual({ total: stored, items: [] });

    // A bad page is refused as the registrations refuse it.
    for (const bad of ['0', '-1', 'x', '1.5', '1000000', '']) {
      const response = await get(`/staff/api/audit-log?page=${bad}`, cookie);
      const registrations = await get(`/staff/api/registrations?page=${bad}`, cookie);
      expect([bad, response.statusCode]).toEqual([bad, 400]);
      expect(response.json()).toEqual(registrations.json());
    }
  });
});

describe('audit log filters', () => {
  const logged = async (query: string, cookie: string) => {
    const response = await get(`/staff/api/audit-log?${query}`, cookie);
    expect([query, response.statusCode]).toEqual([query, 200]);
    return response.json() as {
      total: number;
      items: Array<{ command: string; details: string; by: unknown }>;
    };
  };

  it('filters by event, person and day in TIME_ZONE, and names who did it', async () => {
    const admin = await signIn(app, 'admin');
    const coordinator = await signIn(app, 'coordinator');
    expect((await get('/staff/api/registrations', coordinator)).statusCode).toBe(200);
    const record = (at: string, command: string, actor: string, details: string) =>
      database.query(
        'INSERT INTO audit_log (at, command, row_count, os_user, details) VALUES ($1, $2, 1, $3, $4)',
        [at, command, actor, details],
      );
    // 00:30 and 23:30 in Helsinki (UTC+2): the 17th and the 16th there, both the 16th in UTC.
    await record('2026-03-16T22:30:00Z', 'applicant-open', applicantAuditActor, 'probe=late');
    await record('2026-03-16T21:30:00Z', 'applicant-open', applicantAuditActor, 'probe=early');
    await record('2026-03-16T22:40:00Z', 'api open', 'api token "Sisu (test)" (#4)', 'probe=token');

    const coordinators = await logged('person=coordinator&event=list', admin);
    expect(coordinators.total).toBeGreaterThan(0);
    expect(coordinators.items[0]).toMatchObject({
      command: 'list',
      by: { kind: 'staff', name: 'Cai Coordinator', email: 'cai.coordinator@example.edu' },
    });
    expect(new Set(coordinators.items.map((item) => item.command))).toEqual(new Set(['list']));
    // The admin's own sign-in is no coordinator's.
    expect((await logged('person=coordinator&event=sign-in', admin)).total).toBeGreaterThan(0);
    const adminSignIns = await logged('person=admin&event=sign-in', admin);
    expect(adminSignIns.items[0].by).toEqual({
      kind: 'staff',
      name: 'Alma Admin',
      email: 'alma.admin@example.edu',
    });

    const applicants = await logged('person=applicant', admin);
    expect(applicants.items.map((item) => [item.details, item.by])).toEqual([
      ['probe=early', { kind: 'applicant' }],
      ['probe=late', { kind: 'applicant' }],
    ]);
    const onThe17th = await logged('day=2026-03-17', admin);
    expect(onThe17th.items.map((item) => [item.details, item.by])).toEqual([
      ['probe=token', { kind: 'token', name: 'Sisu (test)' }],
      ['probe=late', { kind: 'applicant' }],
    ]);
    expect((await logged('day=2026-03-16&event=applicant-open', admin)).items).toEqual([
      expect.objectContaining({ details: 'probe=early' }),
    ]);
    expect(await logged('day=2026-03-17&person=coordinator', admin)).toEqual({
      total: 0,
      items: [],
    });

    for (const bad of [
      'day=2026-02-30',
      'day=17.3.2026',
      'event=',
      'person=',
      'who=x',
      'event=%00',
      'person=a%00b',
      'event=a%0Ab',
    ]) {
      expect([bad, (await get(`/staff/api/audit-log?${bad}`, admin)).statusCode]).toEqual([
        bad,
        400,
      ]);
    }
    await database.query("DELETE FROM audit_log WHERE details LIKE 'probe=%'");
  });
});

describe('the contract', () => {
  it('answers a registration with exactly the fields its schema names, whatever the query holds', async () => {
    const cookie = await signIn(app, 'admin');
    const [{ id }] = await database.query<{ id: number }>(
      "SELECT id FROM registrations WHERE first_name = 'Ivar'",
    );
    const { findRegistration } = registrationQueries;
    const withExtra = jest
      .spyOn(registrationQueries, 'findRegistration')
      .mockImplementation(async (...query) => {
        const found = await findRegistration(...query);
        return found && { ...found, internalNote: 'never sent' };
      });
    try {
      for (const [url, schema] of [
        [`/staff/api/registrations/${id}`, consoleApiSchemas.registration],
        [`/staff/api/registrations/${id}/data`, consoleApiSchemas.registrationData],
      ] as const) {
        expect(Object.keys((await get(url, cookie)).json()).sort()).toEqual(
          Object.keys(schema.response[200].properties).sort(),
        );
      }
      expect(withExtra).toHaveBeenCalledTimes(2);
    } finally {
      withExtra.mockRestore();
    }
  });

  it('refuses in the one error shape', async () => {
    const admin = await signIn(app, 'admin');
    const refusals = [
      await get('/staff/api/me'),
      await get('/staff/api/registrations?programme=XYZ', admin),
      await get('/staff/api/registrations', await signIn(app, 'outsider')),
      await get('/staff/api/registrations/999999', admin),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([401, 400, 403, 404]);
    for (const response of refusals) {
      expect(response.json()).toEqual({
        statusCode: response.statusCode,
        error: expect.any(String),
        message: expect.any(String),
      });
    }
  });

  it('describes the API in an OpenAPI 3.1 document that validates, for signed-in staff only', async () => {
    expect((await get('/staff/api/openapi.json')).statusCode).toBe(401);
    const response = await get('/staff/api/openapi.json', await signIn(app, 'coordinator'));
    expect(response.statusCode).toBe(200);
    const document = response.json();

    const { valid, errors } = JSON.parse(
      execFileSync(process.execPath, [`${repoRoot}/testing/validateOpenApi.mjs`], {
        input: JSON.stringify(document),
        encoding: 'utf8',
      }),
    );
    expect(errors).toBeUndefined();
    expect(valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    // Every refusal refers to the one error schema.
    expect(Object.keys(document.components.schemas)).toEqual(['ApiError']);
    const answers = Object.entries(
      document.paths as Record<string, Record<string, { responses: object }>>,
    ).flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, { responses }]) => `${method.toUpperCase()} ${path} ${Object.keys(responses)}`,
      ),
    );
    expect(answers.sort()).toEqual(
      [
        'DELETE /staff/api/registrations/{id} 204,400,401,403,404,413,415,422,429,500',
        'GET /staff/api/audit-log 200,400,401,403,429,500',
        'GET /staff/api/export 200,400,401,403,429,500',
        'GET /staff/api/me 200,401,429,500',
        'GET /staff/api/openapi.json 200,401,429,500',
        'GET /staff/api/overview 200,401,403,429,500',
        'GET /staff/api/registrations 200,400,401,403,429,500',
        'GET /staff/api/registrations/{id} 200,400,401,404,410,429,500',
        'GET /staff/api/registrations/{id}/data 200,400,401,404,429,500',
        'GET /staff/api/staff-members 200,401,403,429,500',
        'PATCH /staff/api/registrations/{id} 200,400,401,403,404,410,412,413,415,422,428,429,500',
        'POST /staff/api/export 200,400,401,403,413,415,429,500',
        'POST /staff/api/registrations/bulk 200,400,401,403,413,415,422,429,500',
        'POST /staff/api/registrations/bulk-request 200,400,401,403,413,415,422,429,500',
        'POST /staff/api/registrations/search 200,400,401,403,413,415,429,500',
        'POST /staff/api/registrations/{id}/notes 201,400,401,403,404,410,413,415,429,500',
        'PUT /staff/api/registrations/{id}/duplicates/{otherId} 200,400,401,403,404,413,415,429,500',
        'POST /staff/api/registrations/{id}/request 201,400,401,403,404,410,413,415,422,429,500',
        'DELETE /staff/api/registrations/{id}/request 204,400,401,403,404,409,410,429,500',
        'DELETE /staff/api/webhooks/{id} 204,400,401,403,404,429,500',
        'GET /staff/api/webhooks 200,401,403,429,500',
        'GET /staff/api/withdrawals 200,401,403,429,500',
        'POST /staff/api/webhooks 201,400,401,403,413,415,422,429,500',
        'POST /staff/api/webhooks/{id}/deliveries/{deliveryId}/retry 202,400,401,403,404,429,500',
        'DELETE /staff/api/tokens/{id} 204,400,401,403,404,429,500',
        'GET /staff/api/tokens 200,401,403,429,500',
        'POST /staff/api/tokens 201,400,401,403,413,415,422,429,500',
      ].sort(),
    );
  });
});

describe('rate limit', () => {
  it(
    'holds a client at 300 requests a minute, and is off with RATE_LIMIT_PER_MINUTE=0',
    async () => {
      const limited = await buildApp(
        testAppOptions({
          database,
          rateLimitPerMinute: 60,
          staffConsole: readStaffConsoleSettings(provider.settings),
        }),
      );
      try {
        const cookie = await signIn(limited, 'admin');
        const ask = () =>
          limited.inject({ method: 'GET', url: '/staff/api/me', headers: { cookie } });
        for (let request = 0; request < staffRequestsPerMinute; request++) {
          expect((await ask()).statusCode).toBe(200);
        }
        expect((await ask()).statusCode).toBe(429);
      } finally {
        await limited.close();
      }
      // The suite's app runs with the limit off.
      const cookie = await signIn(app, 'admin');
      for (let request = 0; request <= staffRequestsPerMinute; request++) {
        expect((await get('/staff/api/me', cookie)).statusCode).toBe(200);
      }
      // 600 requests and two apps: seconds on a quiet machine, more on a busy one.
    },
    databaseTimeoutMs,
  );
});

describe('settings', () => {
  const valid = {
    STAFF_OIDC_ISSUER: 'https://login.example.edu',
    STAFF_OIDC_CLIENT_ID: 'console',
    STAFF_OIDC_CLIENT_SECRET: 'secret',
    PUBLIC_URL: 'https://registration.example.edu',
    STAFF_ACCESS: 'admins:admin,mids-team:MIDS,eng-team:EASE MSE',
  };

  it('maps groups to access, the union for a person in several', () => {
    const settings = readStaffConsoleSettings(valid)!;
    expect(settings.groupsClaim).toBe('groups');
    expect(accessOf(settings.access, ['mids-team', 'eng-team'])).toEqual({
      admin: false,
      programmes: ['MSE', 'MIDS', 'EASE'],
    });
    expect(accessOf(settings.access, ['unknown'])).toEqual({ admin: false, programmes: [] });
  });

  it.each([
    [{ STAFF_OIDC_ISSUER: 'http://login.example.edu' }, 'STAFF_OIDC_ISSUER must use https'],
    [{ PUBLIC_URL: 'http://registration.example.edu' }, 'PUBLIC_URL must use https'],
    [{ PUBLIC_URL: 'localhost:8080' }, 'PUBLIC_URL must be an absolute URL'],
    [{ STAFF_OIDC_CLIENT_SECRET: '' }, 'STAFF_OIDC_CLIENT_SECRET must be set'],
    [{ STAFF_ACCESS: 'admins:XYZ' }, 'STAFF_ACCESS names unknown programmes XYZ'],
    [{ STAFF_ACCESS: 'admins' }, 'STAFF_ACCESS entries are group:admin'],
  ])('refuses %j', (change, message) => {
    expect(() => readStaffConsoleSettings({ ...valid, ...change })).toThrow(message);
  });

  it('allows plain http on a loopback address, and is off without an issuer', () => {
    const local = {
      STAFF_OIDC_ISSUER: 'http://127.0.0.1:9400',
      PUBLIC_URL: 'http://localhost:8080',
    };
    expect(readStaffConsoleSettings({ ...valid, ...local })?.issuer.href).toBe(
      'http://127.0.0.1:9400/',
    );
    expect(readStaffConsoleSettings({})).toBeUndefined();
  });
});

describe('off until configured', () => {
  it('answers 404 under /staff without STAFF_OIDC_ISSUER', async () => {
    const off = await buildApp(testAppOptions({ database }));
    expect((await off.inject({ method: 'GET', url: '/staff' })).statusCode).toBe(404);
    expect((await off.inject({ method: 'GET', url: '/staff/login' })).statusCode).toBe(404);
    await off.close();
  });
});
