/** @jest-environment node */
/**
 * A registration its applicant withdrew, as its assignee meets it through the staff API: its old
 * address answers 410 with when and whose, and their list of the last days names it, with nothing
 * of the applicant's kept; another programme's stays 404, and a staff erasure stays "not found".
 * Backed up and restored; forgotten by the purge after RETENTION_DAYS.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { issueLink } from '../../server/applicant/applicantLinks';
import { runStaffRequest } from '../../server/operations/operations';
import { parseBackup, restoreBackup } from '../../server/operations/backup';
import { migrate } from '../../server/db/migrations';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { Withdrawal } from '../../src/contract/consoleApiSchemas';
import { applicantSessionCookieName } from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
let admin: string;
let coordinator: string;

const alma = { subject: 'admin', name: 'Alma Admin' };

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({
      database,
      publicUrl: new URL(publicUrl),
      staffConsole: readStaffConsoleSettings(provider.settings),
    }),
  );
  admin = await signIn(app, 'admin');
  coordinator = await signIn(app, 'coordinator');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

async function register(values: Partial<RegistrationValues>): Promise<number> {
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({ ...validValues, ...values });
  expect((await postGraphql(app, token, body)).statusCode).toBe(200);
  const [{ id }] = await database.query<{ id: number }>(
    'SELECT id FROM registrations WHERE email = $1',
    [values.email],
  );
  return id;
}

/** A staff request as the console sends it. */
async function staff(
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  body?: object,
) {
  const token = await getXsrfToken(app, cookie);
  return app.inject({
    method,
    url: `/staff/api${url}`,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body && { 'content-type': 'application/json' }),
      ...(method === 'PATCH' && { 'if-match': '"1"' }),
    },
    payload: body && JSON.stringify(body),
  });
}

/** The applicant opens their link, gives their birthday and withdraws, as /my does. */
async function withdraw(id: number) {
  const { token } = await issueLink(
    database,
    id,
    { secret: app.operations.secret, days: 14 },
    new Date(),
  );
  const xsrf = await getXsrfToken(app);
  let session: string | undefined;
  const my = async (method: 'POST' | 'DELETE', url: string, body?: object) => {
    const response = await app.inject({
      method,
      url: `/my/api${url}`,
      headers: { [xsrfHeaderName]: xsrf, ...(body && { 'content-type': 'application/json' }) },
      cookies: {
        [xsrfCookieName]: xsrf,
        ...(session && { [applicantSessionCookieName]: session }),
      },
      payload: body && JSON.stringify(body),
    });
    session ??= response.cookies.find((c) => c.name === applicantSessionCookieName)?.value;
    return response;
  };
  expect((await my('POST', '/session', { token })).statusCode).toBe(204);
  expect((await my('POST', '/verify', { birthday: validValues.birthday })).statusCode).toBeLessThan(
    300,
  );
  expect((await my('DELETE', '/registration')).statusCode).toBe(204);
}

const withdrawals = async (cookie: string) =>
  (await staff('GET', '/withdrawals', cookie)).json<{ items: Withdrawal[] }>().items;

describe('a registration its applicant withdrew', () => {
  let mine: number;
  let theirs: number;
  let erased: number;

  beforeAll(async () => {
    mine = await register({ email: `wera@${emailDomain}`, firstName: 'Wera', degreeProgram: 'IT' });
    theirs = await register({
      email: `walt@${emailDomain}`,
      firstName: 'Walt',
      degreeProgram: 'IT',
    });
    erased = await register({
      email: `erik@${emailDomain}`,
      firstName: 'Erik',
      degreeProgram: 'IT',
    });
    for (const id of [mine, erased]) {
      expect(
        (await staff('PATCH', `/registrations/${id}`, admin, { assignee: 'admin' })).statusCode,
      ).toBe(200);
    }
    await withdraw(mine);
    await withdraw(theirs);
  });

  it('answers its old address with 410: withdrawn by the applicant, when, and whose', async () => {
    const page = await staff('GET', `/registrations/${mine}`, admin);
    expect(page.statusCode).toBe(410);
    const { withdrawal } = page.json<{ withdrawal: Withdrawal }>();
    expect(withdrawal).toEqual({
      id: mine,
      degreeProgram: 'IT',
      withdrawnAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      assignee: alma,
    });
    // Nothing of the applicant's: no name, address, reference.
    const stored = JSON.stringify(await database.query('SELECT * FROM registration_withdrawals'));
    for (const value of ['Wera', 'wera@', validValues.lastName, validValues.phoneNumber]) {
      expect(stored).not.toContain(value);
    }
    // One nobody had says so too; a coordinator of another programme still finds nothing.
    expect(
      (await staff('GET', `/registrations/${theirs}`, admin)).json().withdrawal.assignee,
    ).toBeNull();
    expect((await staff('GET', `/registrations/${mine}`, coordinator)).statusCode).toBe(404);
  });

  it('answers a save or a note on a page still open on it alike: 410, withdrawn', async () => {
    const saved = await staff('PATCH', `/registrations/${mine}`, admin, { state: 'done' });
    const noted = await staff('POST', `/registrations/${mine}/notes`, admin, { text: 'Called' });
    for (const answer of [saved, noted]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.json().withdrawal).toMatchObject({ id: mine, assignee: alma });
    }
    expect(
      (await staff('PATCH', `/registrations/${mine}`, coordinator, { state: 'done' })).statusCode,
    ).toBe(404);
  });

  it('answers a request made or withdrawn on a page still open on it alike: 410', async () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const asked = await staff('POST', `/registrations/${mine}/request`, admin, {
      fields: [],
      message: 'Please confirm your details.',
      deadline: tomorrow,
    });
    const withdrawn = await staff('DELETE', `/registrations/${mine}/request`, admin);
    for (const answer of [asked, withdrawn]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.json().withdrawal).toMatchObject({ id: mine, assignee: alma });
    }
    expect((await staff('DELETE', `/registrations/${mine}/request`, coordinator)).statusCode).toBe(
      404,
    );
  });

  it("is named in its assignee's list of the last days, and in nobody else's", async () => {
    expect((await withdrawals(admin)).map(({ id }) => id)).toEqual([mine]);
    expect(await withdrawals(coordinator)).toEqual([]);
  });

  it('is not what an erasure by the staff leaves: that stays not found', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: `/staff/api/registrations/${erased}`,
      headers: await (async () => {
        const token = await getXsrfToken(app, admin);
        return {
          cookie: `${admin}; ${xsrfCookieName}=${token}`,
          [xsrfHeaderName]: token,
          'content-type': 'application/json',
        };
      })(),
      payload: JSON.stringify({ reason: 'sent twice' }),
    });
    expect(response.statusCode).toBe(204);
    expect((await staff('GET', `/registrations/${erased}`, admin)).statusCode).toBe(404);
    expect((await withdrawals(admin)).map(({ id }) => id)).toEqual([mine]);
  });

  it('is backed up and restored, and its id is given to no new registration', async () => {
    const backup = (
      await runStaffRequest(app.operations, { command: 'backup' }, 'test')
    ).toString();
    const restored = await openTestDatabase();
    try {
      await migrate(restored);
      await restoreBackup(restored, parseBackup(backup, emailDomain));
      const everything = 'SELECT * FROM registration_withdrawals ORDER BY id';
      const rows = await restored.query(everything);
      expect(rows).toHaveLength(2);
      expect(rows).toEqual(await database.query(everything));
      // The next registration takes no withdrawn one's id, which the notices link to.
      const [{ next }] = await restored.query<{ next: number }>(
        "SELECT nextval(pg_get_serial_sequence('registrations', 'id'))::integer AS next",
      );
      expect(next).toBeGreaterThan(Math.max(mine, theirs, erased));
    } finally {
      await restored.close();
    }
  });

  it('is forgotten by the purge after RETENTION_DAYS', async () => {
    await database.query(
      "UPDATE registration_withdrawals SET withdrawn_at = now() - interval '400 days' WHERE id = $1",
      [theirs],
    );
    await runStaffRequest({ ...app.operations, retentionDays: 365 }, { command: 'purge' }, 'test');
    const left = await database.query<{ id: number }>('SELECT id FROM registration_withdrawals');
    expect(left).toEqual([{ id: mine }]);
    expect((await staff('GET', `/registrations/${theirs}`, admin)).statusCode).toBe(404);
  });
});
