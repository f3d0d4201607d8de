/** @jest-environment node */
/**
 * The integration API (/api/v1) and its tokens (/staff/api/tokens) through HTTP: tokens made by
 * an admin in the staff API and refused once revoked or expired, each token's programmes, stable
 * paging while registrations arrive and change, the transfer mark, the erasures feed, the audit
 * log and the OpenAPI document. On PostgreSQL too, with a transaction left open across pages.
 */
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { readAuditLog } from '../../server/operations/auditLog';
import { runStaffRequest } from '../../server/operations/operations';
import { requestsPerMinutePerToken } from '../../server/integration/integrationPlugin';
import { decodeCursor, encodeCursor } from '../../server/integration/feedCursor';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { fieldNames, type RegistrationValues } from '../../src/contract/fields';
import type { ApiTokenBody, ApiTokens } from '../../src/contract/apiTokenSchemas';
import type { IntegrationRegistration } from '../../src/contract/integrationApiSchemas';
import pg from 'pg';
import { validValues } from '../../testing/registrations';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import { openDatabase } from '../../server/db/openDatabase';
import { repoRoot } from '../../testing/paths';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
const dayMs = 24 * 60 * 60 * 1000;
/** A token's last day, `days` from today (UTC's day: TIME_ZONE's may be a day on). */
const dayFromNow = (days: number) => new Date(Date.now() + days * dayMs).toISOString().slice(0, 10);
let provider: LocalProvider;

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
});

afterAll(async () => {
  await provider?.stop();
  removeTempDirs();
});

/** An app on `database`, its clock, an admin's session and what the tests do through it. */
async function startApp(database: Database, overrides = {}) {
  /** How far the app's clock is ahead of the real one. */
  const clock = { ahead: 0 };
  const app = await buildApp(
    testAppOptions({
      database,
      staffConsole: readStaffConsoleSettings(provider.settings),
      now: () => new Date(Date.now() + clock.ahead),
      ...overrides,
    }),
  );
  const admin = await signIn(app, 'admin');
  return { app, clock, admin, ...clientOf(app, admin) };
}

function clientOf(app: FastifyInstance, admin: string) {
  /** A request as the console sends it: the session, the XSRF cookie and header, JSON. */
  async function staff(
    method: string,
    url: string,
    body?: unknown,
    cookie = admin,
    headers: Record<string, string> = {},
  ) {
    // The staff's XSRF token is bound to their session.
    const xsrf = await getXsrfToken(app, cookie);
    return app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie: `${cookie}; ${xsrfCookieName}=${xsrf}`,
        [xsrfHeaderName]: xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async function register(firstName: string, values: Partial<RegistrationValues> = {}) {
    const xsrf = await getXsrfToken(app);
    const body = buildCreateOnboardingFormBody({ ...validValues, firstName, ...values });
    expect((await postGraphql(app, xsrf, body)).statusCode).toBe(200);
  }

  async function createToken(body: Partial<ApiTokenBody> = {}) {
    const response = await staff('POST', '/staff/api/tokens', {
      name: 'Sisu',
      programmes: 'all',
      expiresAt: dayFromNow(30),
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; token: string }>();
  }

  const api = (url: string, token?: string, method = 'GET', body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Every page from `cursor` on, `limit` a page; the items and the last cursor. */
  async function readAll(token: string, cursor?: string, limit = 2) {
    const items: IntegrationRegistration[] = [];
    for (;;) {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      const page = await api(`/api/v1/registrations?${query}`, token);
      expect(page.statusCode).toBe(200);
      const body = page.json<{ items: IntegrationRegistration[]; nextCursor: string | null }>();
      items.push(...body.items);
      cursor = body.nextCursor ?? undefined;
      if (body.items.length < limit) return { items, cursor };
    }
  }

  const names = (items: { firstName: string }[]) => items.map((item) => item.firstName);

  return { staff, register, createToken, api, readAll, names };
}

describe('on the embedded database', () => {
  let database: Database;
  let context: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    context = await startApp(database);
    for (const [firstName, degreeProgram] of [
      ['Mira', 'MIDS'],
      ['Ivar', 'IT'],
      ['Maja', 'MIDS'],
    ]) {
      await context.register(firstName, { degreeProgram });
    }
  }, 4 * databaseTimeoutMs);

  afterAll(async () => {
    await context?.app.close();
    await database?.close();
  });

  const idOf = async (firstName: string) =>
    (
      await database.query<{ id: number }>('SELECT id FROM registrations WHERE first_name = $1', [
        firstName,
      ])
    )[0].id;

  describe('tokens', () => {
    it('are made, listed and revoked by admins only, shown once, each in the audit log', async () => {
      const { staff, createToken } = context;
      const { id, token } = await createToken({ name: 'Peppi', programmes: ['MIDS', 'IT'] });
      expect(token).toMatch(/^sisreg_[A-Za-z0-9_-]{43}$/);

      const listed = await staff('GET', '/staff/api/tokens');
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      expect(listed.body).not.toContain(token.slice(7));
      const mine = listed.json<ApiTokens>().items.find((candidate) => candidate.id === id);
      expect(mine).toMatchObject({
        name: 'Peppi',
        expiresAt: dayFromNow(30),
        programmes: ['MIDS', 'IT'],
        lastUsedAt: null,
        revokedAt: null,
        createdBy: expect.stringContaining('sso admin'),
      });

      expect((await context.api('/api/v1/registrations', token)).statusCode).toBe(200);
      expect((await staff('DELETE', `/staff/api/tokens/${id}`)).statusCode).toBe(204);
      const after = (await staff('GET', '/staff/api/tokens')).json<ApiTokens>().items;
      expect(after.find((candidate) => candidate.id === id)).toMatchObject({
        lastUsedAt: expect.any(String),
        revokedAt: expect.any(String),
      });
      expect((await staff('DELETE', '/staff/api/tokens/999999')).statusCode).toBe(404);

      const log = await readAuditLog(database);
      const commands = log.map((record) => record.command);
      expect(commands).toEqual(
        expect.arrayContaining(['api token created', 'api tokens listed', 'api token revoked']),
      );
      expect(JSON.stringify(log)).not.toContain(token);
    });

    it('refuses a coordinator, a name with a control character, and an expiry past or more than a year ahead', async () => {
      const { staff, app } = context;
      const coordinator = await signIn(app, 'coordinator');
      const body = { name: 'X', programmes: 'all', expiresAt: dayFromNow(1) };
      expect((await staff('POST', '/staff/api/tokens', body, coordinator)).statusCode).toBe(403);
      expect((await staff('GET', '/staff/api/tokens', undefined, coordinator)).statusCode).toBe(
        403,
      );
      // A control character would stay in the audit log, and make every later backup unrestorable.
      for (const name of ['\u0007bell', ' ', 'right\u202Eleft']) {
        const refused = await staff('POST', '/staff/api/tokens', {
          ...body,
          name,
        });
        expect(refused.statusCode).toBe(400);
      }
      for (const expiresAt of [dayFromNow(-2), dayFromNow(400)]) {
        const refused = await staff('POST', '/staff/api/tokens', { ...body, expiresAt });
        expect(refused.statusCode).toBe(422);
      }
      // Its last day, not a time; and a day that exists.
      for (const expiresAt of [new Date(Date.now() + dayMs).toISOString(), '2027-02-30']) {
        const refused = await staff('POST', '/staff/api/tokens', { ...body, expiresAt });
        expect(refused.statusCode).toBe(400);
      }
    });
  });

  describe('the API', () => {
    it('answers 401 without a token, with an unknown, a revoked or an expired one', async () => {
      const { api, createToken, staff, clock } = context;
      expect((await api('/api/v1/registrations')).statusCode).toBe(401);
      const unknown = await api('/api/v1/registrations', 'sisreg_nobodysToken');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers['www-authenticate']).toBe('Bearer');

      const revoked = await createToken();
      await staff('DELETE', `/staff/api/tokens/${revoked.id}`);
      expect((await api('/api/v1/registrations', revoked.token)).statusCode).toBe(401);

      const expiring = await createToken({ expiresAt: dayFromNow(1) });
      expect((await api('/api/v1/registrations', expiring.token)).statusCode).toBe(200);
      // Past the end of its last day, in TIME_ZONE whatever the hour.
      clock.ahead = 3 * dayMs;
      try {
        expect((await api('/api/v1/registrations', expiring.token)).statusCode).toBe(401);
      } finally {
        clock.ahead = 0;
      }
    });

    it("shows a token its programmes' registrations alone", async () => {
      const { api, createToken, readAll, names } = context;
      const { token } = await createToken({ programmes: ['MIDS'] });
      const { items } = await readAll(token);
      expect(names(items)).toEqual(['Mira', 'Maja']);
      const ivar = await idOf('Ivar');
      expect((await api(`/api/v1/registrations/${ivar}`, token)).statusCode).toBe(404);
      const transfer = await api(`/api/v1/registrations/${ivar}/transfer`, token, 'PUT', {});
      expect(transfer.statusCode).toBe(404);
      // Refused without a mark: the staff see Ivar as never transferred.
      const ivarDetails = await context.staff('GET', `/staff/api/registrations/${ivar}`);
      expect(ivarDetails.json().transfer).toBeNull();
      const mira = await api(`/api/v1/registrations/${await idOf('Mira')}`, token);
      expect(mira.statusCode).toBe(200);
      expect(mira.headers['cache-control']).toBe('no-store');
      expect(mira.json()).toMatchObject({
        firstName: 'Mira',
        degreeProgram: 'MIDS',
        state: 'new',
        transferredAt: null,
        updatedAt: mira.json().createdAt,
      });
      // PostgreSQL writes the items' JSON: the same values and times as the staff view gives.
      const staffView = (
        await context.staff('GET', `/staff/api/registrations/${mira.json().id}`)
      ).json();
      for (const name of [...fieldNames, 'id', 'reference', 'language', 'createdAt']) {
        expect(mira.json()[name]).toStrictEqual(staffView[name]);
      }
      expect(items.find((item: { id: number }) => item.id === mira.json().id)).toEqual(mira.json());
    });

    it('pages without skipping while registrations arrive and change, and hands a changed one out again', async () => {
      const { createToken, readAll, register, names } = context;
      const { token } = await createToken();
      const first = await readAll(token);
      expect(names(first.items)).toEqual(['Mira', 'Ivar', 'Maja']);

      await register('Nora', { degreeProgram: 'IT' });
      await database.query(
        "UPDATE registrations SET state = 'in-progress' WHERE first_name = 'Mira'",
      );
      await register('Otto', { degreeProgram: 'MIDS' });
      const next = await readAll(token, first.cursor, 1);
      expect(names(next.items)).toEqual(['Nora', 'Mira', 'Otto']);
      expect(next.items[1].state).toBe('in-progress');
      expect(Date.parse(next.items[1].updatedAt)).toBeGreaterThan(
        Date.parse(next.items[1].createdAt),
      );
      // Nothing new: an empty page keeps the cursor.
      expect((await readAll(token, next.cursor)).items).toEqual([]);

      const since = await readAll(token);
      expect(names(since.items)).toEqual(['Ivar', 'Maja', 'Nora', 'Mira', 'Otto']);
      const query = `updatedSince=${encodeURIComponent(next.items[0].updatedAt)}`;
      const recent = (await context.api(`/api/v1/registrations?${query}`, token)).json();
      expect(names(recent.items)).toEqual(['Nora', 'Mira', 'Otto']);
    });

    it('refuses a cursor it did not make, and a limit out of range', async () => {
      const { api, createToken } = context;
      const { token } = await createToken();
      // The last: a position without the database's identity (["99999999",1]).
      for (const query of ['cursor=abc', 'limit=0', 'limit=1001', 'cursor=WyI5OTk5OTk5OSIsMV0']) {
        expect((await api(`/api/v1/registrations?${query}`, token)).statusCode).toBe(400);
      }
    });

    it('starts again from the start with a cursor of another database or ahead of this one', async () => {
      const { createToken, readAll, names } = context;
      const { token } = await createToken();
      const { identity } = decodeCursor((await readAll(token)).cursor!)!;
      const another = encodeCursor({
        identity: '00000000-0000-4000-8000-000000000000',
        position: { xid: '1', id: 0 },
      });
      const ahead = encodeCursor({ identity, position: { xid: '99999999999', id: 1 } });
      for (const cursor of [another, ahead]) {
        const again = await readAll(token, cursor, 1000);
        expect(names(again.items)).toEqual(names((await readAll(token)).items));
        expect(decodeCursor(again.cursor!)!.identity).toBe(identity);
      }
    });

    it('marks a transfer once, however often asked, and shows it in the staff API', async () => {
      const { api, createToken, staff, readAll } = context;
      const { token } = await createToken({ name: 'Peppi transfer' });
      const id = await idOf('Maja');
      const url = `/api/v1/registrations/${id}/transfer`;
      const feedBefore = (await readAll(token)).cursor;

      const first = await api(url, token, 'PUT', { externalId: 'P-1234' });
      expect(first.statusCode).toBe(200);
      const again = await api(url, token, 'PUT', {});
      expect(again.json()).toEqual(first.json());
      expect(first.json()).toMatchObject({
        transferredAt: expect.any(String),
        externalId: 'P-1234',
      });

      const details = (await staff('GET', `/staff/api/registrations/${id}`)).json();
      expect(details.transfer).toEqual({
        at: first.json().transferredAt,
        tokenName: 'Peppi transfer',
        externalId: 'P-1234',
      });
      // The mark is no change of the registration: the feed does not hand it out again.
      expect((await readAll(token, feedBefore)).items).toEqual([]);
    });

    it('lists the erasures of staff erase and retention purge, within the programmes', async () => {
      const { api, createToken, staff, register } = context;
      const everything = await createToken();
      const it = await createToken({ programmes: ['IT'] });
      await register('Erik', { degreeProgram: 'MIDS' });
      await register('Olle', { degreeProgram: 'IT' });
      const erik = await idOf('Erik');
      const olle = await idOf('Olle');
      const [{ reference: erikReference }] = await database.query<{ reference: string }>(
        'SELECT reference FROM registrations WHERE id = $1',
        [erik],
      );

      const erased = await staff('DELETE', `/staff/api/registrations/${erik}`, {
        reason: 'Asked to be erased',
      });
      expect(erased.statusCode).toBe(204);
      await database.query(
        "UPDATE registrations SET created_at = now() - interval '400 days' WHERE id = $1",
        [olle],
      );
      await runStaffRequest(context.app.operations, { command: 'purge' }, 'tester');

      const all = (await api('/api/v1/erasures', everything.token)).json();
      expect(all.items).toEqual([
        { id: erik, reference: erikReference, erasedAt: expect.any(String) },
        { id: olle, reference: expect.any(String), erasedAt: expect.any(String) },
      ]);
      const itOnly = (await api('/api/v1/erasures', it.token)).json();
      expect(itOnly.items.map((item: { id: number }) => item.id)).toEqual([olle]);
      const after = (
        await api(`/api/v1/erasures?cursor=${all.nextCursor}`, everything.token)
      ).json();
      expect(after).toEqual({ items: [], nextCursor: all.nextCursor });
      expect((await api(`/api/v1/registrations/${erik}`, everything.token)).statusCode).toBe(404);
    });

    it('lists a registration moved to another programme among the erasures of a token of the old programme alone', async () => {
      const { api, createToken, staff, register, readAll } = context;
      const everything = await createToken();
      const it = await createToken({ programmes: ['IT'] });
      const mids = await createToken({ programmes: ['MIDS'] });
      const both = await createToken({ programmes: ['IT', 'MIDS'] });
      await register('Moa', { degreeProgram: 'IT' });
      const moa = await idOf('Moa');
      const [{ reference }] = await database.query<{ reference: string }>(
        'SELECT reference FROM registrations WHERE id = $1',
        [moa],
      );
      const erasuresAfter = async (token: string, cursor: string | null) => {
        const page = await api(`/api/v1/erasures${cursor ? `?cursor=${cursor}` : ''}`, token);
        expect(page.statusCode).toBe(200);
        return page.json<{ items: { id: number }[]; nextCursor: string | null }>();
      };
      const ids = (items: { id: number }[]) => items.map((item) => item.id);
      const itBefore = await readAll(it.token);
      expect(ids(itBefore.items)).toContain(moa);
      const itErasures = await erasuresAfter(it.token, null);
      const midsErasures = await erasuresAfter(mids.token, null);
      const midsBefore = await readAll(mids.token);

      /** Corrects Moa's programme as the staff do, on the version they read. */
      async function move(degreeProgram: string) {
        const opened = await staff('GET', `/staff/api/registrations/${moa}`);
        const corrected = await staff(
          'PATCH',
          `/staff/api/registrations/${moa}`,
          { fields: { degreeProgram } },
          undefined,
          { 'if-match': opened.headers.etag as string },
        );
        expect(corrected.statusCode).toBe(200);
      }
      await move('MIDS');

      // The IT token: erased, as a real erasure's item, and no longer handed out.
      const gone = await erasuresAfter(it.token, itErasures.nextCursor);
      expect(gone.items).toEqual([{ id: moa, reference, erasedAt: expect.any(String) }]);
      expect(ids((await readAll(it.token, itBefore.cursor)).items)).not.toContain(moa);
      expect(ids((await readAll(it.token)).items)).not.toContain(moa);
      expect((await api(`/api/v1/registrations/${moa}`, it.token)).statusCode).toBe(404);
      // Paged past it, it does not come again.
      expect((await erasuresAfter(it.token, gone.nextCursor)).items).toEqual([]);
      // Tokens that still read it: handed out again, in its new programme, and not erased.
      const midsAfter = await readAll(mids.token, midsBefore.cursor);
      expect(midsAfter.items.find((item) => item.id === moa)?.degreeProgram).toBe('MIDS');
      for (const token of [everything.token, mids.token, both.token]) {
        expect(ids((await erasuresAfter(token, null)).items)).not.toContain(moa);
      }

      // Back to IT: now the MIDS token loses it, and the IT token reads it again; its move out
      // of IT is no longer listed to a reader starting afresh, who would erase what it now reads.
      await move('IT');
      expect(ids((await erasuresAfter(mids.token, midsErasures.nextCursor)).items)).toEqual([moa]);
      expect(ids((await readAll(it.token, itBefore.cursor)).items)).toContain(moa);
      expect(ids((await erasuresAfter(it.token, null)).items)).not.toContain(moa);
    });

    it('records each call that returns registrations or erasures by the token name with the row count, never data', async () => {
      const { api, createToken, register, staff } = context;
      const { id, token } = await createToken({ name: 'Audited SIS', programmes: ['MIDS'] });
      await api('/api/v1/registrations?limit=1', token);
      await api(`/api/v1/registrations/${await idOf('Mira')}`, token);
      await api(`/api/v1/registrations/${await idOf('Mira')}/transfer`, token, 'PUT', {});
      await register('Ebba', { degreeProgram: 'MIDS' });
      const ebba = await idOf('Ebba');
      await staff('DELETE', `/staff/api/registrations/${ebba}`, { reason: 'Asked to be erased' });
      const since = new Date(Date.now() - 60_000).toISOString();
      const erasures = (await api(`/api/v1/erasures?since=${since}`, token)).json();
      expect(erasures.items.map((item: { id: number }) => item.id)).toContain(ebba);
      const entries = (await readAuditLog(database)).filter((record) =>
        record.actor.includes('Audited SIS'),
      );
      expect(entries.map(({ command, rowCount, actor }) => ({ command, rowCount, actor }))).toEqual(
        [
          { command: 'api list', rowCount: 1, actor: `api token "Audited SIS" (#${id})` },
          { command: 'api open', rowCount: 1, actor: `api token "Audited SIS" (#${id})` },
          { command: 'api transfer', rowCount: 1, actor: `api token "Audited SIS" (#${id})` },
          {
            command: 'api erasures',
            rowCount: erasures.items.length,
            actor: `api token "Audited SIS" (#${id})`,
          },
        ],
      );
      expect(entries.at(-1)?.details).toBe(`since=${since}`);
      expect(JSON.stringify(entries)).not.toMatch(/Mira|Ebba|@/);
    });

    it('describes itself in an OpenAPI 3.1 document that validates, without a token', async () => {
      const response = await context.api('/api/v1/openapi.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const document = response.json();
      const { valid, errors } = JSON.parse(
        execFileSync(process.execPath, [`${repoRoot}/testing/validateOpenApi.mjs`], {
          input: JSON.stringify(document),
          encoding: 'utf8',
        }),
      );
      expect(errors).toBeUndefined();
      expect(valid).toBe(true);
      const answers = Object.entries(
        document.paths as Record<string, Record<string, { responses: object }>>,
      ).flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, { responses }]) => `${method.toUpperCase()} ${path} ${Object.keys(responses)}`,
        ),
      );
      expect(answers.sort()).toEqual([
        'GET /api/v1/erasures 200,400,401,429,500',
        'GET /api/v1/openapi.json 200,429,500',
        'GET /api/v1/registrations 200,400,401,429,500',
        'GET /api/v1/registrations/{id} 200,400,401,404,429,500',
        'PUT /api/v1/registrations/{id}/transfer 200,400,401,404,413,415,429,500',
      ]);
    });
  });

  it('holds each token to its own rate limit', async () => {
    const limited = await buildApp(
      testAppOptions({
        database,
        rateLimitPerMinute: 60,
        staffConsole: readStaffConsoleSettings(provider.settings),
      }),
    );
    try {
      const { createToken, api } = clientOf(limited, await signIn(limited, 'admin'));
      const [one, two] = [await createToken(), await createToken()];
      for (let request = 0; request < requestsPerMinutePerToken; request++) {
        expect((await api('/api/v1/erasures', one.token)).statusCode).toBe(200);
      }
      expect((await api('/api/v1/erasures', one.token)).statusCode).toBe(429);
      expect((await api('/api/v1/erasures', two.token)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** .ci/run starts a throwaway PostgreSQL server and sets this (see .ci/postgres.sh). */
const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(postgresUrl)('on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  let database: Database;
  let context: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(postgresUrl!, 'integration_test');
    database = await openDatabase({ dataDir: '', databaseUrl: throwaway.url }, (error) => {
      throw error;
    });
    context = await startApp(database);
  });

  afterAll(async () => {
    await context?.app.close();
    await database?.close();
    await throwaway?.drop();
  });

  it('hands out a change committed after a later one, once it commits: no page skips it', async () => {
    const { register, createToken, readAll, names } = context;
    await register('Anna', { degreeProgram: 'MIDS' });
    const { token } = await createToken();
    const start = await readAll(token);
    expect(names(start.items)).toEqual(['Anna']);

    // A transaction that changes Anna and is still open while Bo arrives and is read.
    const slow = new pg.Client({ connectionString: throwaway.url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query("UPDATE registrations SET state = 'done' WHERE first_name = 'Anna'");
      await register('Bo', { degreeProgram: 'IT' });
      const meanwhile = await readAll(token, start.cursor);
      // Bo waits behind the open transaction: handed out now, he would pass Anna's change.
      expect(meanwhile.items).toEqual([]);
      await slow.query('COMMIT');
    } finally {
      await slow.end();
    }
    const after = await readAll(token, start.cursor);
    expect(names(after.items)).toEqual(['Anna', 'Bo']);
    expect(after.items[0].state).toBe('done');
  });

  it('records erasures in the transaction of the erase, and forgets them with the purge', async () => {
    const { api, createToken, register, staff } = context;
    await register('Cecilia', { degreeProgram: 'MIDS' });
    const [{ id }] = await database.query<{ id: number }>(
      "SELECT id FROM registrations WHERE first_name = 'Cecilia'",
    );
    const { token } = await createToken();
    const erased = await staff('DELETE', `/staff/api/registrations/${id}`, { reason: 'Asked' });
    expect(erased.statusCode).toBe(204);
    const { items } = (await api('/api/v1/erasures', token)).json();
    expect(items.map((item: { id: number }) => item.id)).toEqual([id]);

    await database.query("UPDATE erasures SET erased_at = now() - interval '400 days'");
    await runStaffRequest(context.app.operations, { command: 'purge' }, 'tester');
    expect((await api('/api/v1/erasures', token)).json().items).toEqual([]);
  });

  it("lists a move by any writer's UPDATE once it commits, and forgets it with the purge", async () => {
    const { api, createToken, register } = context;
    await register('Dag', { degreeProgram: 'MIDS' });
    const [{ id }] = await database.query<{ id: number }>(
      "SELECT id FROM registrations WHERE first_name = 'Dag'",
    );
    const { token } = await createToken({ programmes: ['MIDS'] });
    const erasures = async (cursor?: string | null) =>
      (await api(`/api/v1/erasures${cursor ? `?cursor=${cursor}` : ''}`, token)).json<{
        items: { id: number }[];
        nextCursor: string | null;
      }>();
    const start = await erasures();
    // A plain UPDATE, as the previous release's correction writes it, left open a moment.
    const other = new pg.Client({ connectionString: throwaway.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("UPDATE registrations SET degree_program = 'IT' WHERE id = $1", [id]);
      expect((await erasures(start.nextCursor)).items).toEqual([]);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    const moved = await erasures(start.nextCursor);
    expect(moved.items.map((item) => item.id)).toEqual([id]);

    await database.query("UPDATE registration_moves SET moved_at = now() - interval '400 days'");
    await runStaffRequest(context.app.operations, { command: 'purge' }, 'tester');
    expect((await erasures()).items.map((item) => item.id)).not.toContain(id);
  });
});
