/** @jest-environment node */
/**
 * An information request to many registrations at once (issue 44) through the staff API: by ids
 * or by the list's filter, within the person's access (another programme's ids skipped and
 * counted, a filter finding only those they may see), each asked as one request asks it, the
 * emails queued and sent by the outbox afterwards, the audit log saying what and how many, never
 * the message; 2,000 ids in one body.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { recordWithdrawal } from '../../server/console/withdrawals';
import { dayIn } from '../../server/timeZone';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { RegistrationDetails } from '../../src/contract/consoleApiSchemas';
import { bulkRequestIdsMax } from '../../src/contract/bulkRequestSchemas';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

let provider: LocalProvider;
let inbox: Inbox;
let database: Database;
let app: FastifyInstance;
let admin: string;
let coordinator: string;

beforeAll(async () => {
  provider = await startLocalProvider('http://localhost');
  inbox = await startSmtpServer();
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({
      database,
      smtpUrl: inbox.url,
      publicUrl: new URL('http://localhost'),
      // The outbox looks only when woken: what a request queued stays queued until then.
      outboxTiming: { pollMs: 600_000, retryScale: 0.1 },
      staffConsole: readStaffConsoleSettings(provider.settings),
    }),
  );
  admin = await signIn(app, 'admin');
  coordinator = await signIn(app, 'coordinator');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await inbox?.close();
  await database?.close();
  removeTempDirs();
});

async function register(values: Partial<RegistrationValues>) {
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({ ...validValues, ...values });
  expect((await postGraphql(app, token, body)).statusCode).toBe(200);
  const [row] = await database.query<{ id: number }>(
    'SELECT id FROM registrations WHERE email = $1',
    [values.email],
  );
  return row.id;
}

const xsrfTokens = new Map<string, string>();

async function staff(method: 'GET' | 'POST', url: string, cookie = admin, body?: object) {
  const token = xsrfTokens.get(cookie) ?? (await getXsrfToken(app, cookie));
  xsrfTokens.set(cookie, token);
  return app.inject({
    method,
    url: `/staff/api${url}`,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body && { 'content-type': 'application/json' }),
    },
    payload: body && JSON.stringify(body),
  });
}

const details = async (id: number) =>
  (await staff('GET', `/registrations/${id}`)).json<RegistrationDetails>();

function dayFromToday(days: number) {
  const date = new Date(`${dayIn(new Date(), app.operations.timeZone)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const message = 'Please send us a copy of your certificate.\nThank you!';
const asked = () => ({ fields: ['phoneNumber'], message, deadline: dayFromToday(5) });

const queuedRequests = async () =>
  (
    await database.query<{ registration_id: number }>(
      "SELECT registration_id FROM applicant_mail WHERE kind = 'request' ORDER BY registration_id",
    )
  ).map((row) => row.registration_id);

const lastAudit = async () =>
  (
    await database.query<{ row_count: number; details: string }>(
      "SELECT row_count, details FROM audit_log WHERE command = 'request-bulk' ORDER BY id DESC LIMIT 1",
    )
  )[0];

describe('a request to many', () => {
  let mids: number[];
  let it: number;

  beforeAll(async () => {
    mids = [
      await register({
        email: `anna.bulk@${emailDomain}`,
        firstName: 'Anna',
        degreeProgram: 'MIDS',
      }),
      await register({ email: `bo.bulk@${emailDomain}`, firstName: 'Bo', degreeProgram: 'MIDS' }),
    ];
    it = await register({ email: `cay.bulk@${emailDomain}`, degreeProgram: 'IT' });
    // The confirmations are out of the way before anything is asked.
    await waitFor(() => inbox.messages.length >= 3 || undefined);
  });

  test('by ids: asks those the person may see, skips the others and says why', async () => {
    const withdrawn = await register({ email: `dan.bulk@${emailDomain}`, degreeProgram: 'MIDS' });
    const [{ reference }] = await database.query<{ reference: string }>(
      'SELECT reference FROM registrations WHERE id = $1',
      [withdrawn],
    );
    // As the applicant's withdrawal leaves it: recorded, the registration gone.
    await recordWithdrawal(database, reference);
    await database.query('DELETE FROM registrations WHERE id = $1', [withdrawn]);
    const ledgerBefore = await database.query('SELECT 1 FROM applicant_link_requests');

    const answer = await staff('POST', '/registrations/bulk-request', coordinator, {
      ids: [...mids, it, withdrawn, 999_999],
      ...asked(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      asked: 2,
      replaced: 0,
      skipped: { withdrawn: 1, notVisible: 2 },
    });
    for (const id of mids) {
      const registration = await details(id);
      expect(registration.state).toBe('waiting');
      expect(registration.request).toMatchObject({ fields: ['phoneNumber'], message });
      expect(registration.history.at(-1)).toMatchObject({ type: 'request' });
    }
    // Another programme's is left as it was.
    expect(await details(it)).toMatchObject({ state: 'new', request: null });
    // Queued, not sent while the officer waited; each counted in its mailbox's cap.
    expect(await queuedRequests()).toEqual(mids);
    expect(inbox.messages.some((mail) => mail.text?.includes('certificate'))).toBe(false);
    const ledgerAfter = await database.query('SELECT 1 FROM applicant_link_requests');
    expect(ledgerAfter.length - ledgerBefore.length).toBe(2);

    // The outbox sends them when it looks: each applicant their message and own link.
    app.outbox.wake();
    for (const address of [`anna.bulk@${emailDomain}`, `bo.bulk@${emailDomain}`]) {
      const mail = await waitFor(() =>
        inbox.messages.find(
          (sent) => [sent.to].flat()[0]?.text === address && sent.text?.includes('certificate'),
        ),
      );
      expect(mail.text).toMatch(/\/my\/[A-Za-z0-9_-]{43}/);
    }
    await waitFor(async () => (await queuedRequests()).length === 0 || undefined);

    const logged = await lastAudit();
    expect(logged).toEqual({
      row_count: 2,
      details: `ids=5 fields=phoneNumber deadline=${dayFromToday(5)} replaced=0 skipped-withdrawn=1 skipped-not-visible=2`,
    });
    const everything = JSON.stringify(await database.query('SELECT * FROM audit_log'));
    expect(everything).not.toContain('certificate');
  });

  test('by filter: only those the person may see, the open requests replaced', async () => {
    const answer = await staff('POST', '/registrations/bulk-request', coordinator, {
      filter: {},
      fields: [],
      message: 'One more thing.',
      deadline: dayFromToday(2),
    });
    expect(answer.statusCode).toBe(200);
    const visible = await database.query<{ id: number }>(
      "SELECT id FROM registrations WHERE degree_program = 'MIDS' ORDER BY id",
    );
    expect(answer.json()).toEqual({
      asked: visible.length,
      replaced: 2,
      skipped: { withdrawn: 0, notVisible: 0 },
    });
    expect(await details(it)).toMatchObject({ state: 'new', request: null });
    const first = await details(mids[0]);
    expect(first.request).toMatchObject({ fields: [], message: 'One more thing.' });
    expect(first.history.filter((entry) => entry.type === 'request-withdrawn')).toHaveLength(1);
    expect((await lastAudit()).details).toBe(
      `all fields=none deadline=${dayFromToday(2)} replaced=2 skipped-withdrawn=0 skipped-not-visible=0`,
    );
  });

  test('refuses a past deadline and a link, as one request does', async () => {
    const ask = (body: object) =>
      staff('POST', '/registrations/bulk-request', admin, { ids: mids, ...asked(), ...body });
    expect((await ask({ deadline: dayFromToday(-1) })).statusCode).toBe(422);
    expect((await ask({ message: 'See www.evil.example' })).statusCode).toBe(422);
  });
});

describe('2,000 at once', () => {
  test('takes 2,000 ids of the longest kind, with the longest message, in one body', async () => {
    const ids = Array.from({ length: bulkRequestIdsMax }, (_, index) => 900_000_000 + index);
    const answer = await staff('POST', '/registrations/bulk-request', admin, {
      ids,
      fields: [],
      message: '𝔄'.repeat(2000),
      deadline: dayFromToday(1),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().skipped).toEqual({ withdrawn: 0, notVisible: bulkRequestIdsMax });
    const tooMany = await staff('POST', '/registrations/bulk-request', admin, {
      ids: [...ids, 1],
      ...asked(),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  test('asks 2,000 stored registrations in one request', async () => {
    const stored = await database.query<{ id: number }>(
      `INSERT INTO registrations (first_name, last_name, birthday, phone_number, email, address,
         zipcode, city, country, started_year, degree_program, terms)
       SELECT 'Aino', 'Bulk ' || md5(g::text), to_char(date '1980-01-01' + g, 'DD.MM.YYYY'),
         '+358 40 ' || lpad(g::text, 7, '0'),
         'bulk.' || g || '@${emailDomain}', 'Sjögatan 1', '00100', 'Helsingfors', 'Finland',
         '2025', 'MSE', true
       FROM generate_series(1, ${bulkRequestIdsMax}) AS g
       RETURNING id`,
    );

    const answer = await staff('POST', '/registrations/bulk-request', admin, {
      ids: stored.map((row) => row.id),
      ...asked(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().asked).toBe(bulkRequestIdsMax);
    const [{ waiting, requests, mail }] = await database.query<Record<string, number>>(
      `SELECT
         (SELECT count(*)::integer FROM registrations
          WHERE degree_program = 'MSE' AND state = 'waiting') AS waiting,
         (SELECT count(*)::integer FROM registration_requests
          WHERE registration_id = ANY($1::integer[])) AS requests,
         (SELECT count(*)::integer FROM applicant_mail
          WHERE registration_id = ANY($1::integer[]) AND kind = 'request' AND request_id IS NOT NULL) AS mail`,
      [stored.map((row) => row.id)],
    );
    expect({ waiting, requests, mail }).toEqual({
      waiting: bulkRequestIdsMax,
      requests: bulkRequestIdsMax,
      mail: bulkRequestIdsMax,
    });
  });
});
