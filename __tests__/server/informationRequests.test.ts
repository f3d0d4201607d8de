/** @jest-environment node */
/**
 * The office's information requests (issue 44) through the staff API, the mail through a real SMTP
 * server (smtp-server) in this process: a request sets the registration "waiting", is in its
 * timeline and in the audit log as what was asked (never the message), and emails the applicant
 * in their language the message, the deadline and a fresh link of their own, and no other link.
 * Within the person's access; counted in the mailbox's cap but not refused by it; withdrawn (the
 * applicant told) or replaced; erased with the registration; backed up and restored.
 */
import { setTimeout as sleep } from 'node:timers/promises';
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
import {
  claimDueApplicantMail,
  queueRequestMail,
  retryApplicantMailLater,
} from '../../server/mail/applicantMail';
import { queueDueReminders } from '../../server/mail/requestReminders';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { RegistrationDetails } from '../../src/contract/consoleApiSchemas';
import { applicantSessionCookieName } from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { integrationApiPath } from '../../src/contract/integrationApiSchemas';
import type { VerifiedRegistration } from '../../src/contract/applicantApiSchemas';
import { emailDomain, validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { waitFor } from '../../testing/waitFor';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhookReceiver';
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
      webhookResolve: async (host) => [
        { address: host === '127.0.0.1' ? host : '93.184.216.34', family: 4 },
      ],
      webhookAllowedHosts: ['127.0.0.1'],
      requestAnswerEmailsToStaff: true,
      webhookTiming: { pollMs: 20, retryScale: 0.001 },
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

const xsrfTokens = new Map<string, string>();

/** A staff request as the console sends it. */
async function staff(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie = admin,
  body?: object,
  headers: Record<string, string> = {},
) {
  // Read once a session: a burst's requests then leave together.
  const token = xsrfTokens.get(cookie) ?? (await getXsrfToken(app, cookie));
  xsrfTokens.set(cookie, token);
  return app.inject({
    method,
    url: `/staff/api${url}`,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body && { 'content-type': 'application/json' }),
      ...headers,
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

  it('keeps its link working when a confirmation still queued leaves after it', async () => {
    const email = `quinn@${emailDomain}`;
    const { id } = await register({ email, degreeProgram: 'MIDS' }, 'en');
    await messageTo(email, /Confirmation/);
    // Its confirmation queued again, held as a paced outbox (SMTP_MAX_PER_MINUTE) would hold it.
    await database.query(
      `INSERT INTO outbox (registration_id, next_attempt_at) VALUES ($1, now() + interval '1 hour')`,
      [id],
    );
    const made = await staff('POST', `/registrations/${id}/request`, admin, {
      fields: [],
      message,
      deadline: dayFromToday(4),
    });
    expect(made.statusCode).toBe(201);
    const tokenOf = (mail: ParsedMail) => /\/my\/([A-Za-z0-9_-]{43})\b/.exec(mail.text!)![1];
    const requestToken = tokenOf(await messageTo(email, /We need information/));

    await database.query('UPDATE outbox SET next_attempt_at = now() WHERE registration_id = $1', [
      id,
    ]);
    const confirmations = await waitFor(() => {
      const sent = inbox.messages.filter(
        (mail) => [mail.to].flat()[0]?.text === email && /Confirmation/.test(mail.subject ?? ''),
      );
      return sent.length === 2 ? sent : undefined;
    });
    // Both carry the request's link, and it opens.
    expect(tokenOf(confirmations[1])).toBe(requestToken);
    const xsrf = await getXsrfToken(app);
    const opened = await app.inject({
      method: 'POST',
      url: '/my/api/session',
      headers: { [xsrfHeaderName]: xsrf, 'content-type': 'application/json' },
      cookies: { [xsrfCookieName]: xsrf },
      payload: JSON.stringify({ token: requestToken }),
    });
    expect(opened.statusCode).toBe(204);
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

/** The applicant's own session, opened with the request email's link and the birthday. */
async function applicantOf(email: string) {
  const mail = await messageTo(email, /We need information|Vi behöver/);
  const token = /\/my\/([A-Za-z0-9_-]{43})\b/.exec(mail.text!)![1];
  const xsrf = await getXsrfToken(app);
  let session: string | undefined;
  const my = async (method: 'GET' | 'POST', url: string, body?: object, version?: number) => {
    const response = await app.inject({
      method,
      url: `/my/api${url}`,
      headers: {
        [xsrfHeaderName]: xsrf,
        ...(body && { 'content-type': 'application/json' }),
        ...(version !== undefined && { 'if-match': `"${version}"` }),
      },
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
  expect((await my('POST', '/verify', { birthday: validValues.birthday })).statusCode).toBe(204);
  const read = async () => (await my('GET', '/registration')).json<VerifiedRegistration>();
  const answerOn = (version: number, body: object) =>
    my('POST', '/registration/answer', body, version);
  const answer = async (body: object) => answerOn((await read()).version, body);
  return { read, answer, answerOn };
}

/** A registration of MIDS assigned to the admin, with an open request asking for `fields`. */
async function requested(name: string, fields: string[] = ['phoneNumber']) {
  const email = `${name.toLowerCase()}@${emailDomain}`;
  const { id } = await register({ email, firstName: name, degreeProgram: 'MIDS' }, 'en');
  // Sent, the confirmation has issued its link: the request's replaces it.
  await messageTo(email, /Confirmation/);
  const { version } = await details(id);
  const assigned = await staff(
    'PATCH',
    `/registrations/${id}`,
    admin,
    { assignee: 'admin' },
    {
      'if-match': `"${version}"`,
    },
  );
  expect(assigned.statusCode).toBe(200);
  const made = await staff('POST', `/registrations/${id}/request`, admin, {
    fields,
    message: `Question for ${name}`,
    deadline: dayFromToday(3),
  });
  expect(made.statusCode).toBe(201);
  return { id, email, requestId: made.json<{ id: number }>().id };
}

describe("the applicant's answer", () => {
  let apiToken: string;
  let receiver: WebhookReceiver;
  afterAll(() => receiver?.close());
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    const endpoint = await staff('POST', '/webhooks', admin, {
      url: receiver.url,
      events: ['registration.updated'],
      programmes: 'all',
    });
    expect(endpoint.statusCode).toBe(201);
    receiver.secret = endpoint.json<{ secret: string }>().secret;
    const made = await staff('POST', '/tokens', admin, {
      name: 'SIS',
      programmes: 'all',
      expiresAt: dayFromToday(30),
    });
    expect(made.statusCode).toBe(201);
    apiToken = made.json<{ token: string }>().token;
    const hook = await staff('POST', '/webhooks', admin, {
      url: 'https://sis.example.edu/hooks',
      events: ['registration.updated'],
      programmes: 'all',
    });
    expect(hook.statusCode).toBe(201);
  });

  const integrationItem = async (id: number) => {
    const response = await app.inject({
      method: 'GET',
      url: `${integrationApiPath}/registrations/${id}`,
      headers: { authorization: `Bearer ${apiToken}` },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const updatedEvents = async (id: number) =>
    (
      await database.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM webhook_deliveries
         WHERE registration_id = $1 AND event_type = 'registration.updated'`,
        [id],
      )
    )[0].count;

  it('shows the open request first, and takes the corrected field as its answer', async () => {
    const { id, email, requestId } = await requested('Anja');
    expect((await integrationItem(id)).json()).toMatchObject({ state: 'waiting' });
    const applicant = await applicantOf(email);
    expect((await applicant.read()).request).toEqual({
      id: requestId,
      fields: ['phoneNumber'],
      message: 'Question for Anja',
      deadline: dayFromToday(3),
    });
    const events = await updatedEvents(id);
    // Assigned and asked: the receiver has been told of both, in order, before the answer.
    const receivedBefore = (
      await waitFor(() => {
        const told = receiver.received.filter(({ payload }) => payload.data.id === id);
        return told.length === 2 ? told : undefined;
      })
    ).length;

    const answered = await applicant.answer({
      requestId,
      fields: { phoneNumber: '+358 40 765 4321' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      state: 'in-progress',
      request: null,
      fields: { phoneNumber: '+358 40 765 4321' },
    });
    const registration = await details(id);
    expect(registration).toMatchObject({
      state: 'in-progress',
      assignee: { subject: 'admin' },
      request: { id: requestId, answeredAt: expect.any(String), late: false, overdue: false },
    });
    expect(registration.history.slice(-3)).toEqual([
      expect.objectContaining({ type: 'state', actor: null, from: 'waiting', to: 'in-progress' }),
      expect.objectContaining({ type: 'correction', actor: null, field: 'phoneNumber' }),
      expect.objectContaining({ type: 'request-answered', actor: null, requestId, late: false }),
    ]);
    // One event, a delivery to each of the two endpoints.
    expect(await updatedEvents(id)).toBe(events + 2);
    const item = await integrationItem(id);
    expect(item.json()).toMatchObject({ state: 'in-progress' });
    expect(item.body).not.toContain('Question for');
    // The receiver is told, signed, with the registration's id, reference and programme alone.
    const told = await waitFor(() => {
      const events = receiver.received.filter(({ payload }) => payload.data.id === id);
      return events.length === receivedBefore + 1 ? events : undefined;
    });
    expect(told.at(-1)!.payload.type).toBe('registration.updated');
    expect(receiver.badSignatures).toBe(0);
    for (const { payload } of told) {
      expect(Object.keys(payload.data).sort()).toEqual(['degreeProgram', 'id', 'reference']);
    }
    expect(JSON.stringify(receiver.received)).not.toContain('Question for');
    // The assignee is emailed (REQUEST_ANSWER_STAFF_EMAILS): the reference and the console's
    // page, in the console's default language, nothing of the applicant's.
    const { reference } = await details(id);
    const notice = await messageTo('alma.admin@example.edu', new RegExp(reference));
    expect(notice.subject).toBe(`Sökanden har svarat: anmälan ${reference}`);
    expect(notice.text).toContain(
      `Sökanden har svarat på begäran om komplettering av anmälan ${reference}`,
    );
    expect(linksIn(notice)).toEqual([`${publicUrl}/staff/${id}`, `${publicUrl}/staff/${id}`]);
    for (const part of [notice.text!, String(notice.html)]) {
      for (const personal of ['Anja', email, '765 4321', 'Question for']) {
        expect(part).not.toContain(personal);
      }
    }
    // Answered once: a second answer finds it closed.
    const again = await applicant.answer({ requestId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ requestClosed: true });
    const [logged] = await database.query<{ details: string }>(
      `SELECT details FROM audit_log WHERE command = 'applicant-answer' ORDER BY id DESC LIMIT 1`,
    );
    expect(logged.details).toMatch(
      new RegExp(`request=${requestId} new-state=in-progress fields=phoneNumber$`),
    );
  });

  it('takes "nothing to change", after the deadline too, and shows it as late', async () => {
    const { id, email, requestId } = await requested('Bruno', []);
    await database.query('UPDATE registration_requests SET deadline = $2 WHERE id = $1', [
      requestId,
      dayFromToday(-1),
    ]);
    expect((await details(id)).request).toMatchObject({ overdue: true });
    // Listed by the overdue filter, counted in the overview.
    const overdueOnes = async (cookie = admin) =>
      (await staff('GET', '/registrations?overdue=true', cookie)).json<{
        items: { id: number }[];
      }>().items;
    const overdueCount = async () =>
      (await staff('GET', '/overview'))
        .json<{
          programmes: { code: string; overdue: number }[];
        }>()
        .programmes.find(({ code }) => code === 'MIDS')!.overdue;
    expect((await overdueOnes()).map((item) => item.id)).toEqual([id]);
    expect(await overdueCount()).toBe(1);
    const applicant = await applicantOf(email);
    const answered = await applicant.answer({ requestId });
    expect(answered.statusCode).toBe(200);
    expect((await details(id)).request).toMatchObject({ late: true, overdue: false });
    expect(await overdueOnes()).toEqual([]);
    expect(await overdueCount()).toBe(0);
  });

  it('refuses the answer to a request withdrawn meanwhile, saying so', async () => {
    const { id, email, requestId } = await requested('Cleo');
    const applicant = await applicantOf(email);
    const { version } = await applicant.read();
    expect((await staff('DELETE', `/registrations/${id}/request`)).statusCode).toBe(204);
    const answered = await applicant.answer({ requestId });
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toMatchObject({ requestClosed: true });
    expect((await applicant.read()).version).toBeGreaterThan(version);
  });

  it('lets exactly one of an answer and a withdrawal arriving together win', async () => {
    const pairs = await Promise.all(
      ['Dora', 'Edda', 'Frej', 'Gry', 'Hugo', 'Ines', 'Jens', 'Kaj', 'Lo', 'Maj'].map(
        async (name) => {
          const { id, email, requestId } = await requested(name);
          const applicant = await applicantOf(email);
          const { version } = await applicant.read();
          return { id, requestId, applicant, version };
        },
      ),
    );
    const outcomes = await Promise.all(
      pairs.map(async ({ id, requestId, applicant, version }, index) => {
        // One side a little later, pair by pair and by turns: the answer comes first in some
        // pairs and the withdrawal in others, however slow the machine.
        const later = (1 + Math.floor(index / 2)) * 15;
        const [answer, withdrawal] = await Promise.all([
          sleep(index % 2 === 0 ? later : 0).then(() => applicant.answerOn(version, { requestId })),
          sleep(index % 2 === 1 ? later : 0).then(() =>
            staff('DELETE', `/registrations/${id}/request`),
          ),
        ]);
        return { id, answer: answer.statusCode, withdrawal: withdrawal.statusCode };
      }),
    );
    // Both sides won somewhere: the burst raced.
    expect(new Set(outcomes.map(({ answer }) => answer))).toEqual(new Set([200, 409]));
    for (const { id, answer, withdrawal } of outcomes) {
      expect([answer, withdrawal].sort()).toEqual(answer === 200 ? [200, 409] : [204, 409]);
      const { request, state } = await details(id);
      expect(Boolean(request?.answeredAt)).toBe(answer === 200);
      expect(Boolean(request?.withdrawnAt)).toBe(withdrawal === 204);
      expect(state).toBe('in-progress');
    }
  });
});

describe("the assignee's badge: the applicant answered", () => {
  const badgeInList = async (id: number) => {
    const page = await staff('GET', '/registrations?state=in-progress');
    const items = page.json<{ items: { id: number; applicantAnswered: boolean }[] }>().items;
    return items.find((item) => item.id === id)?.applicantAnswered;
  };

  it('shows from the answer until a staff member acts on the registration', async () => {
    const { id, email, requestId } = await requested('Nils');
    expect((await details(id)).applicantAnswered).toBe(false);
    const applicant = await applicantOf(email);
    expect((await applicant.answer({ requestId })).statusCode).toBe(200);
    expect((await details(id)).applicantAnswered).toBe(true);
    expect(await badgeInList(id)).toBe(true);

    // Read, it stays; a note is acting on it.
    expect((await details(id)).applicantAnswered).toBe(true);
    const noted = await staff('POST', `/registrations/${id}/notes`, admin, { text: 'Seen' });
    expect(noted.statusCode).toBe(201);
    expect((await details(id)).applicantAnswered).toBe(false);
    expect(await badgeInList(id)).toBe(false);
  });

  it('goes with a change of state, and a new request is unanswered', async () => {
    const { id, email, requestId } = await requested('Olle');
    const applicant = await applicantOf(email);
    expect((await applicant.answer({ requestId })).statusCode).toBe(200);
    const { version, applicantAnswered } = await details(id);
    expect(applicantAnswered).toBe(true);
    const changed = await staff(
      'PATCH',
      `/registrations/${id}`,
      admin,
      { state: 'done' },
      { 'if-match': `"${version}"` },
    );
    expect(changed.json<RegistrationDetails>().applicantAnswered).toBe(false);

    const { id: other, email: otherEmail, requestId: first } = await requested('Pia');
    expect((await (await applicantOf(otherEmail)).answer({ requestId: first })).statusCode).toBe(
      200,
    );
    expect((await details(other)).applicantAnswered).toBe(true);
    const again = await staff('POST', `/registrations/${other}/request`, admin, {
      fields: [],
      message: 'One more question',
      deadline: dayFromToday(3),
    });
    expect(again.statusCode).toBe(201);
    expect((await details(other)).applicantAnswered).toBe(false);
  });
});

/** The previous release's claim (ec34238, server/mail/applicantMail.ts), as it runs beside this. */
const previousReleaseClaim = `WITH claimed AS (
    UPDATE applicant_mail
    SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
    WHERE id IN (
      SELECT id FROM applicant_mail WHERE next_attempt_at <= now()
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
    )
    RETURNING *
  )
  SELECT claimed.id, claimed.kind FROM claimed ORDER BY claimed.id`;

describe('beside the previous release, during an upgrade', () => {
  it('leaves a request’s, a reminder’s and a withdrawal’s email to this release', async () => {
    const { id, requestId } = await requested('Vera');
    await waitFor(async () => {
      const queued = await database.query(
        'SELECT 1 FROM applicant_mail WHERE registration_id = $1',
        [id],
      );
      return queued.length === 0 ? true : undefined;
    });
    class RolledBack extends Error {}
    // Queued and claimed in a transaction rolled back: this app's own sender never sees them.
    const seen = database.transaction(async (tx) => {
      await queueRequestMail(tx, 'request', id, requestId);
      await queueRequestMail(tx, 'request-withdrawn', id, requestId);
      await tx.query(
        `UPDATE registration_requests SET reminded_at = NULL, deadline = $2,
           requested_at = now() - interval '10 days' WHERE id = $1`,
        [requestId, dayFromToday(1)],
      );
      const reminders = await queueDueReminders(tx, {
        days: 2,
        today: dayFromToday(0),
        timeZone: app.operations.timeZone,
      });
      expect(reminders).toBeGreaterThan(0);
      const ours = ['request', 'request-reminder', 'request-withdrawn'];
      const previousTakes = async () =>
        (await tx.query<{ kind: string }>(previousReleaseClaim, [1000, 120]))
          .map(({ kind }) => kind)
          .filter((kind) => ours.includes(kind));
      const thisTakes = async () =>
        (await claimDueApplicantMail(tx, 1000, 120)).filter(
          ({ registration_id, kind }) => registration_id === id && ours.includes(kind),
        );

      expect(await previousTakes()).toEqual([]);
      const claimed = await thisTakes();
      expect(claimed.map(({ kind }) => kind).sort()).toEqual(ours);
      // Its lease over, or put off after a failure, it stays out of the previous release's sight.
      await tx.query(
        `UPDATE applicant_mail SET next_attempt_at = next_attempt_at - interval '120 seconds'
         WHERE registration_id = $1`,
        [id],
      );
      expect(await previousTakes()).toEqual([]);
      expect((await thisTakes()).length).toBe(3);
      for (const { id: mailId } of claimed) await retryApplicantMailLater(tx, mailId, 0);
      expect(await previousTakes()).toEqual([]);
      expect((await thisTakes()).length).toBe(3);
      throw new RolledBack();
    });
    await seen.then(
      () => Promise.reject(new Error('not rolled back')),
      (error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      },
    );
  });
});
