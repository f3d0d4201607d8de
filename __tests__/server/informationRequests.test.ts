/** @jest-environment node */
/**
 * The office's information requests (issue 44) through the staff API, the mail through a real SMTP
 * server (smtp-server) in this process: a request sets the registration "waiting", is in its
 * timeline and in the audit log as what was asked (never the message), and emails the applicant
 * in their language the message, the deadline and a fresh link of their own, and no other link.
 * Within the person's access; counted in the mailbox's cap but not refused by it; withdrawn (the
 * applicant told) or replaced; erased with the registration; backed up and restored.
 */
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { runStaffRequest } from '../../server/operations/operations';
import { parseBackup, restoreBackup } from '../../server/operations/backup';
import { migrate } from '../../server/db/migrations';
import { confirmationsPerAddressPerDay } from '../../server/db/registrations';
import { dayIn } from '../../server/timeZone';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { RegistrationDetails } from '../../src/contract/consoleApiSchemas';
import { applicantSessionCookieName } from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
let provider: LocalProvider;
let inbox: Inbox;
let database: Database;
let app: FastifyInstance;
let admin: string;
let coordinator: string;

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  inbox = await startSmtpServer();
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({
      database,
      smtpUrl: inbox.url,
      publicUrl: new URL(publicUrl),
      outboxTiming: { pollMs: 100, retryScale: 0.1 },
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

async function register(values: Partial<RegistrationValues>, language = 'sv') {
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({ ...validValues, ...values });
  const sent = await postGraphql(app, token, body, { headers: { 'accept-language': language } });
  expect(sent.statusCode).toBe(200);
  const [row] = await database.query<{ id: number; reference: string }>(
    'SELECT id, reference FROM registrations WHERE email = $1',
    [values.email],
  );
  return row;
}

/** A staff request as the console sends it. */
async function staff(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie = admin,
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
    },
    payload: body && JSON.stringify(body),
  });
}

const details = async (id: number) =>
  (await staff('GET', `/registrations/${id}`)).json<RegistrationDetails>();

/** A day `days` from today in TIME_ZONE. */
function dayFromToday(days: number) {
  const date = new Date(`${dayIn(new Date(), app.operations.timeZone)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const message = 'Your phone number does not answer.\nPlease correct it, or confirm it is right.';

/** The message to `address` whose subject matches. */
const messageTo = (address: string, subject: RegExp) =>
  waitFor(() =>
    inbox.messages.find(
      (mail) => [mail.to].flat()[0]?.text === address && subject.test(mail.subject ?? ''),
    ),
  );

function linksIn(mail: ParsedMail): string[] {
  const hrefs = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  const urls = [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return [...hrefs, ...urls];
}

describe('a request on one registration', () => {
  it('sets it waiting, records what was asked, and emails the applicant a fresh link', async () => {
    const email = `rita@${emailDomain}`;
    const { id, reference } = await register(
      { email, firstName: 'Rita', degreeProgram: 'MIDS' },
      'en',
    );
    const confirmation = await messageTo(email, /Confirmation/);
    const oldToken = /\/my\/([A-Za-z0-9_-]{43})\b/.exec(confirmation.text!)![1];
    const deadline = dayFromToday(7);

    const made = await staff('POST', `/registrations/${id}/request`, admin, {
      fields: ['phoneNumber'],
      message,
      deadline,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      fields: ['phoneNumber'],
      message,
      deadline,
      answeredAt: null,
      withdrawnAt: null,
      overdue: false,
    });

    const registration = await details(id);
    expect(registration.state).toBe('waiting');
    expect(registration.request).toMatchObject({ fields: ['phoneNumber'], deadline });
    expect(registration.history.slice(-2)).toEqual([
      expect.objectContaining({ type: 'state', from: 'new', to: 'waiting' }),
      expect.objectContaining({
        type: 'request',
        actor: { subject: 'admin', name: 'Alma Admin' },
        fields: ['phoneNumber'],
        deadline,
      }),
    ]);

    const [logged] = await database.query<{ command: string; details: string }>(
      `SELECT command, details FROM audit_log WHERE command = 'request' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged.details).toBe(
      `id=${id} reference=${reference} fields=phoneNumber deadline=${deadline}`,
    );
    const everything = JSON.stringify(await database.query('SELECT * FROM audit_log'));
    expect(everything).not.toContain('does not answer');

    const mail = await messageTo(email, /We need information/);
    for (const part of [mail.text!, String(mail.html)]) {
      expect(part).toContain('Hello Rita');
      expect(part).toContain(reference);
      expect(part).toContain('MIDS – ');
      expect(part).toContain('Your phone number does not answer.');
      expect(part).toMatch(/answer by \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(part).not.toContain(validValues.phoneNumber);
    }
    expect(mail.text).toContain(message);
    const links = linksIn(mail);
    const newToken = /\/my\/([A-Za-z0-9_-]{43})$/.exec(links[0])![1];
    expect(newToken).not.toBe(oldToken);
    for (const link of links) {
      expect(link === `${publicUrl}/my/${newToken}` || link.startsWith('mailto:')).toBe(true);
    }
    // The new link opens; the old one is replaced.
    const xsrf = await getXsrfToken(app);
    const open = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/my/api/session',
        headers: { [xsrfHeaderName]: xsrf, 'content-type': 'application/json' },
        cookies: { [xsrfCookieName]: xsrf },
        payload: JSON.stringify({ token }),
      });
    const opened = await open(newToken);
    expect(opened.statusCode).toBe(204);
    expect(opened.cookies.some((cookie) => cookie.name === applicantSessionCookieName)).toBe(true);
    expect((await open(oldToken)).statusCode).not.toBe(204);
  });

  it('speaks the registration’s language, Swedish here', async () => {
    const email = `sune@${emailDomain}`;
    const { id } = await register({ email, firstName: 'Sune', degreeProgram: 'MIDS' }, 'sv');
    const deadline = dayFromToday(3);
    expect(
      (
        await staff('POST', `/registrations/${id}/request`, admin, {
          fields: [],
          message,
          deadline,
        })
      ).statusCode,
    ).toBe(201);
    const mail = await messageTo(email, /Vi behöver uppgifter/);
    expect(mail.text).toContain('Hej Sune!');
    expect(mail.text).toMatch(/Svara senast den \d{1,2} [a-zå]+ \d{4} via din personliga länk:/);
    expect(mail.text).toContain(message);
  });

  it('is refused on another programme’s registration, as if it did not exist', async () => {
    const { id } = await register({ email: `ivo@${emailDomain}`, degreeProgram: 'IT' });
    const refused = await staff('POST', `/registrations/${id}/request`, coordinator, {
      fields: [],
      message,
      deadline: dayFromToday(3),
    });
    expect(refused.statusCode).toBe(404);
    expect((await details(id)).state).toBe('new');
    expect((await staff('DELETE', `/registrations/${id}/request`, coordinator)).statusCode).toBe(
      404,
    );
  });

  it('refuses a past deadline, a link in the message and a control character', async () => {
    const { id } = await register({ email: `pat@${emailDomain}`, degreeProgram: 'MIDS' });
    const ask = (body: object) =>
      staff('POST', `/registrations/${id}/request`, admin, {
        fields: [],
        message,
        deadline: dayFromToday(1),
        ...body,
      });
    expect((await ask({ deadline: dayFromToday(-1) })).statusCode).toBe(422);
    expect((await ask({ message: 'Log in at https://evil.example/ now' })).statusCode).toBe(422);
    expect((await ask({ message: 'See www.evil.example' })).statusCode).toBe(422);
    expect((await ask({ message: 'Right\u202eto left' })).statusCode).toBe(400);
    expect((await ask({ message: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await ask({ fields: ['phoneNumber', 'phoneNumber'] })).statusCode).toBe(400);
    expect((await ask({ deadline: dayFromToday(0) })).statusCode).toBe(201);
  });

  it('is sent over the mailbox’s daily cap, and counts against it', async () => {
    const email = `cap@${emailDomain}`;
    const { id } = await register({ email, degreeProgram: 'MIDS' });
    const ledger = async () =>
      (
        await database.query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM applicant_link_requests',
        )
      )[0].count;
    const before = await ledger();
    for (let sent = 0; sent < confirmationsPerAddressPerDay + 1; sent += 1) {
      expect(
        (
          await staff('POST', `/registrations/${id}/request`, admin, {
            fields: [],
            message: `Request number ${sent}`,
            deadline: dayFromToday(2),
          })
        ).statusCode,
      ).toBe(201);
    }
    expect(await ledger()).toBe(before + confirmationsPerAddressPerDay + 1);
    await messageTo(email, /We need information|Vi behöver/);
  });
});

describe('withdrawing and replacing', () => {
  it('withdraws the open request, tells the applicant, and moves it back in progress', async () => {
    const email = `wilma@${emailDomain}`;
    const { id } = await register({ email, firstName: 'Wilma', degreeProgram: 'MIDS' }, 'en');
    const ask = (text: string) =>
      staff('POST', `/registrations/${id}/request`, admin, {
        fields: ['city'],
        message: text,
        deadline: dayFromToday(5),
      });
    expect((await ask('First question')).statusCode).toBe(201);
    expect((await ask('Second question')).statusCode).toBe(201);
    let registration = await details(id);
    expect(registration.request).toMatchObject({ message: 'Second question', withdrawnAt: null });
    expect(registration.history.map((entry) => entry.type).slice(-4)).toEqual([
      'state',
      'request',
      'request-withdrawn',
      'request',
    ]);

    expect((await staff('DELETE', `/registrations/${id}/request`)).statusCode).toBe(204);
    registration = await details(id);
    expect(registration.state).toBe('in-progress');
    expect(registration.request?.withdrawnAt).toEqual(expect.any(String));
    const notice = await messageTo(email, /withdrawn/);
    expect(notice.text).toContain('Hello Wilma');
    expect(notice.text).toContain('no longer need to answer');
    expect(linksIn(notice).every((link) => link.startsWith('mailto:'))).toBe(true);

    const again = await staff('DELETE', `/registrations/${id}/request`);
    expect(again.statusCode).toBe(409);
    const [logged] = await database.query<{ details: string }>(
      `SELECT details FROM audit_log WHERE command = 'request-withdraw' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged.details).toMatch(new RegExp(`^id=${id} reference=[A-Z0-9]{8} request=\\d+$`));
  });
});

describe('kept and erased with the registration', () => {
  it('is backed up and restored', async () => {
    const backup = (
      await runStaffRequest(app.operations, { command: 'backup' }, 'test')
    ).toString();
    expect(backup).toContain('"table":"registration_requests"');
    const restored = await openTestDatabase();
    try {
      await migrate(restored);
      await restoreBackup(restored, parseBackup(backup, emailDomain));
      const everything = 'SELECT * FROM registration_requests ORDER BY id';
      expect(await restored.query(everything)).toEqual(await database.query(everything));
    } finally {
      await restored.close();
    }
  });

  it('is erased with the registration, its queued mail too', async () => {
    const email = `erin@${emailDomain}`;
    const { id } = await register({ email, degreeProgram: 'MIDS' });
    await staff('POST', `/registrations/${id}/request`, admin, {
      fields: [],
      message,
      deadline: dayFromToday(2),
    });
    await runStaffRequest(app.operations, { command: 'erase', email }, 'test');
    const left = await database.query(
      `SELECT 1 FROM registration_requests WHERE registration_id = $1
       UNION ALL SELECT 1 FROM applicant_mail WHERE registration_id = $1`,
      [id],
    );
    expect(left).toEqual([]);
  });
});
