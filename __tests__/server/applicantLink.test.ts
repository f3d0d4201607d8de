/** @jest-environment node */
/**
 * The applicant's own link through HTTP (issue 34): the link read from the confirmation's .eml,
 * exchanged for a session; the birthday asked, counted and locked after 5; a correction by the
 * form's rules on the version read, in the history as the applicant's; the Art. 15 download; the
 * withdrawal, which erases as the staff's erase does; a new link on request, the same answer for
 * any address; an expired link; and none of it in the log.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp, type AppOptions } from '../../server/app';
import { readAuditLog } from '../../server/operations/auditLog';
import { runStaffRequest } from '../../server/operations/operations';
import { noApplicantLinksHint } from '../../server/publicUrl';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type {
  ApplicantData,
  UnverifiedRegistration,
  VerifiedRegistration,
} from '../../src/contract/applicantApiSchemas';
import {
  applicantSessionCookieName,
  applicantSessionIdleMinutes,
} from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { databaseTimeoutMs, makeDataDir, makeTempDir, removeTempDirs } from './support/fixtures';
import { seedDataDir } from './support/pgliteTemplate';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

const correctedPhone = '+358 50 111 2222';
// As typed and as digits: a bare '2222' also matches a log line's millisecond timestamp.
const correctedPhoneWritings = [correctedPhone, correctedPhone.replace(/\D/g, '')];

jest.setTimeout(2 * databaseTimeoutMs);

afterAll(removeTempDirs);

const publicUrl = 'http://localhost';
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/**
 * The suite on a database: `storage` gives the app its DATA_DIR (where the mail is written) and
 * database.
 */
function applicantLinkSuite(storage: (dataDir: string) => Promise<Partial<AppOptions>>) {
  let app: FastifyInstance;
  let dataDir: string;
  let clock = Date.now();
  const logLines: string[] = [];
  /** Every token the suite's emails carried: none may reach the log. */
  const tokensSeen: string[] = [];

  beforeAll(async () => {
    dataDir = makeTempDir('server-test-applicant-');
    app = await buildApp(
      testAppOptions({
        ...(await storage(dataDir)),
        publicUrl: new URL(publicUrl),
        now: () => new Date(clock),
        logLevel: 'info',
        logStream: { write: (line) => void logLines.push(line) },
      }),
    );
  }, 2 * databaseTimeoutMs);

  afterAll(async () => {
    await app?.close();
  });

  const mailDir = () => path.join(dataDir, 'mail');
  const mailFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).sort() : []);

  /** Waits for the outbox to write a file whose name matches. */
  async function waitForMail(pattern: RegExp): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const file = mailFiles().find((name) => pattern.test(name));
      if (file) {
        // Written asynchronously: read once it has stopped growing.
        const read = () => fs.readFileSync(path.join(mailDir(), file), 'utf8');
        const first = read();
        await sleep(100);
        if (read() === first) return first;
      }
      if (Date.now() > deadline) throw new Error(`No mail file matching ${pattern}`);
      await sleep(50);
    }
  }

  async function register(values: Partial<RegistrationValues>): Promise<number> {
    const token = await getXsrfToken(app);
    const body = buildCreateOnboardingFormBody({ ...validValues, ...values });
    expect((await postGraphql(app, token, body)).statusCode).toBe(200);
    const [{ id }] = await app.operations.database.query<{ id: number }>(
      'SELECT id FROM registrations WHERE email = $1 ORDER BY id DESC LIMIT 1',
      [values.email],
    );
    return id;
  }

  /** The link's token in a message's text part. */
  const tokenIn = async (eml: string) => {
    const token = /\/my\/([A-Za-z0-9_-]{43})\b/.exec((await simpleParser(eml)).text ?? '')?.[1];
    if (token) tokensSeen.push(token);
    return token;
  };

  /** The link's token from the registration's confirmation. */
  async function confirmationToken(id: number): Promise<string> {
    const token = await tokenIn(await waitForMail(new RegExp(`^registration-${id}\\.eml$`)));
    if (!token) throw new Error('The confirmation carries no link');
    return token;
  }

  /** A request as the /my page sends it: the session and XSRF cookies, the header, JSON. */
  async function send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    session: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf = await getXsrfToken(app);
    return app.inject({
      method,
      url: `/my/api${url}`,
      headers: {
        [xsrfHeaderName]: xsrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      cookies: {
        [xsrfCookieName]: xsrf,
        ...(session === undefined ? {} : { [applicantSessionCookieName]: session }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Opens the link; resolves with the session cookie's value. */
  async function open(token: string): Promise<string> {
    const response = await send('POST', '/session', undefined, { token });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === applicantSessionCookieName);
    return cookie!.value;
  }

  const verify = (session: string, birthday: string) =>
    send('POST', '/verify', session, { birthday });

  describe('a link from the confirmation', () => {
    const email = `own.link@${emailDomain}`;
    const phoneNumber = '+358 40 765 4321';
    let id: number;
    let token: string;
    let session: string;

    beforeAll(async () => {
      id = await register({ email, phoneNumber, firstName: 'Linnea' });
      token = await confirmationToken(id);
    });

    it('opens a session in an HttpOnly, SameSite=Strict cookie under /my; an unknown token is 404', async () => {
      const response = await send('POST', '/session', undefined, { token });
      expect(response.statusCode).toBe(204);
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = response.cookies.find((c) => c.name === applicantSessionCookieName)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/my' });
      session = cookie.value;

      const unknown = await send('POST', '/session', undefined, { token: 'A'.repeat(43) });
      expect(unknown.statusCode).toBe(404);
      const noXsrf = await app.inject({
        method: 'POST',
        url: '/my/api/session',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token }),
      });
      expect(noXsrf.statusCode).toBe(403);
    });

    it('shows only what the email says until the birthday is given, and counts a wrong one', async () => {
      const before = await send('GET', '/registration', session);
      expect(before.statusCode).toBe(200);
      expect(before.json<UnverifiedRegistration>()).toEqual({
        reference: expect.any(String),
        degreeProgram: validValues.degreeProgram,
        createdAt: expect.any(String),
        state: 'new',
        language: 'sv',
        verified: false,
      });
      expect(
        (await send('PATCH', '/registration', session, { fields: { city: 'Åbo' } })).statusCode,
      ).toBe(403);
      expect((await send('GET', '/registration/data', session)).statusCode).toBe(403);

      const wrong = await verify(session, '01.01.1999');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ triesLeft: 4 });

      expect((await verify(session, validValues.birthday)).statusCode).toBe(204);
      const after = (await send('GET', '/registration', session)).json<VerifiedRegistration>();
      expect(after).toMatchObject({
        verified: true,
        version: 1,
        correctable: true,
        fields: { ...validValues, email, phoneNumber, firstName: 'Linnea' },
      });
    });

    it("corrects a field by the form's rules, on the version read, while the state allows it", async () => {
      const invalid = await send(
        'PATCH',
        '/registration',
        session,
        { fields: { phoneNumber: 'not a phone' } },
        { 'if-match': '"1"' },
      );
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toMatchObject({ fields: { phoneNumber: 'phoneNumber-format' } });

      const stale = await send(
        'PATCH',
        '/registration',
        session,
        { fields: { phoneNumber: correctedPhone } },
        { 'if-match': '"7"' },
      );
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ version: 1 });

      await app.operations.database.query(
        `UPDATE registrations SET state = 'in-progress' WHERE id = $1`,
        [id],
      );
      const forbidden = await send(
        'PATCH',
        '/registration',
        session,
        { fields: { phoneNumber: correctedPhone } },
        { 'if-match': '"1"' },
      );
      expect(forbidden.statusCode).toBe(409);
      await app.operations.database.query(
        `UPDATE registrations SET state = 'waiting' WHERE id = $1`,
        [id],
      );

      const corrected = await send(
        'PATCH',
        '/registration',
        session,
        { fields: { phoneNumber: correctedPhone } },
        { 'if-match': '"1"' },
      );
      expect(corrected.statusCode).toBe(200);
      expect(corrected.headers.etag).toBe('"2"');
      expect(corrected.json<VerifiedRegistration>()).toMatchObject({
        version: 2,
        fields: { phoneNumber: correctedPhone },
      });

      // A short notice, with no link and no data but the registration's name (applicantMail.test.ts).
      const notice = await simpleParser(
        await waitForMail(new RegExp(`^registration-${id}-updated-\\d+\\.eml$`)),
      );
      expect(notice.to).toMatchObject({ text: email });
      for (const written of correctedPhoneWritings) expect(notice.text).not.toContain(written);
      expect(notice.text).not.toMatch(/\/my\//);
    });

    it('downloads their Art. 15 data, the correction in the history as their own', async () => {
      const response = await send('GET', '/registration/data', session);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="registration-/,
      );
      const data = response.json<ApplicantData>();
      expect(data).toMatchObject({ fields: { phoneNumber: correctedPhone }, state: 'waiting' });
      expect(data.history).toContainEqual({
        at: expect.any(String),
        by: 'you',
        type: 'correction',
        field: 'phoneNumber',
        from: phoneNumber,
        to: correctedPhone,
      });
      const audit = await readAuditLog(app.operations.database);
      const commands = audit.map((record) => record.command);
      expect(commands).toEqual(
        expect.arrayContaining([
          'applicant-summary',
          'applicant-open',
          'applicant-change',
          'applicant-download',
        ]),
      );
      for (const written of correctedPhoneWritings)
        expect(JSON.stringify(audit)).not.toContain(written);
    });

    it('withdraws: erased from the database, the export and the mail folder; the link dies', async () => {
      const { reference } = (
        await send('GET', '/registration', session)
      ).json<VerifiedRegistration>();
      const response = await send('DELETE', '/registration', session);
      expect(response.statusCode).toBe(204);

      const rows = await app.operations.database.query(
        'SELECT 1 FROM registrations WHERE id = $1 UNION ALL SELECT 1 FROM registration_history WHERE registration_id = $1',
        [id],
      );
      expect(rows).toEqual([]);
      // Passed on to the student information system's copy: /api/v1/erasures reads this table.
      const erased = await app.operations.database.query(
        'SELECT reference FROM erasures WHERE id = $1',
        [id],
      );
      expect(erased).toEqual([{ reference }]);
      const csv = (
        await runStaffRequest(app.operations, { command: 'export', format: 'csv' }, 'test')
      ).toString();
      expect(csv).not.toContain(email);
      expect(mailFiles().filter((name) => name.startsWith(`registration-${id}`))).toEqual([]);

      const notice = await simpleParser(await waitForMail(/^withdrawn-\d+\.eml$/));
      expect(notice.to).toMatchObject({ text: email });
      // It names the registration that was (applicantMail.test.ts).
      expect(notice.text).toContain(reference);

      const [erase] = (await readAuditLog(app.operations.database)).filter(
        (r) => r.command === 'withdraw',
      );
      expect(erase.details).toMatch(/^reference-hash=[0-9a-f]{32}$/);
      expect(erase.actor).toBe('the applicant (own link)');

      expect((await send('GET', '/registration', session)).statusCode).toBe(401);
      expect((await send('POST', '/session', undefined, { token })).statusCode).toBe(404);
    });
  });

  describe('a new link on request', () => {
    const email = `again@${emailDomain}`;

    it('answers the same for a known and an unknown address; only the known one gets mail, within the cap', async () => {
      const id = await register({ email, firstName: 'Petra' });
      const oldToken = await confirmationToken(id);

      const known = await send('POST', '/links', undefined, { email: email.toUpperCase() });
      const unknown = await send('POST', '/links', undefined, { email: `nobody@${emailDomain}` });
      expect(known.statusCode).toBe(202);
      expect([unknown.statusCode, unknown.body]).toEqual([202, known.body]);

      const newToken = await tokenIn(
        await waitForMail(new RegExp(`^registration-${id}-link-\\d+\\.eml$`)),
      );
      expect(newToken).toBeDefined();
      expect(newToken).not.toBe(oldToken);
      expect((await send('POST', '/session', undefined, { token: oldToken })).statusCode).toBe(404);
      await open(newToken!);

      // The confirmation and two links make three emails today: a fourth is not sent.
      await send('POST', '/links', undefined, { email });
      await send('POST', '/links', undefined, { email });
      await sleep(1500);
      const linkMails = mailFiles().filter((name) => name.startsWith(`registration-${id}-link-`));
      expect(linkMails).toHaveLength(2);
      expect(mailFiles().filter((name) => /^registration-\d+-link-/.test(name))).toHaveLength(2);
    });
  });

  describe('guards', () => {
    it('locks the link after 5 wrong birthdays, even against the right one', async () => {
      const id = await register({ email: `locked@${emailDomain}`, firstName: 'Lotta' });
      const token = await confirmationToken(id);
      const session = await open(token);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await verify(session, '02.02.2002')).statusCode);
      expect(answers).toEqual([403, 403, 403, 403, 423]);
      expect((await verify(session, validValues.birthday)).statusCode).toBe(423);
      expect((await send('POST', '/session', undefined, { token })).statusCode).toBe(404);
    });

    it('compares the birthday as a date, however it is typed; an answer that is no date costs no try', async () => {
      // The form stores the Finnish 5.9.2001 as it always has: 05.09.2001.
      const id = await register({
        email: `dates@${emailDomain}`,
        firstName: 'Dagny',
        birthday: '5.9.2001',
      });
      const [{ birthday }] = await app.operations.database.query<{ birthday: string }>(
        'SELECT birthday FROM registrations WHERE id = $1',
        [id],
      );
      expect(birthday).toBe('05.09.2001');
      const token = await confirmationToken(id);

      for (const notADate of ['5 september', '31.02.2001', '', '2001']) {
        const answer = await verify(await open(token), notADate);
        expect([notADate, answer.statusCode]).toEqual([notADate, 422]);
      }
      // None of those took a try: the first wrong date leaves 4.
      expect((await verify(await open(token), '06.09.2001')).json()).toMatchObject({
        triesLeft: 4,
      });
      for (const right of [
        '5.9.2001',
        ' 05.09.2001 ',
        '2001-09-05',
        '5/9/2001',
        '5-9-2001',
        '5,9,2001',
      ]) {
        expect([right, (await verify(await open(token), right)).statusCode]).toEqual([right, 204]);
      }
      // The right ones gave their tries back.
      expect((await verify(await open(token), '06.09.2001')).json()).toMatchObject({
        triesLeft: 3,
      });
    });

    it('tells the address a correction replaced, as well as the new one', async () => {
      const id = await register({ email: `moved@${emailDomain}`, firstName: 'Vera' });
      const session = await open(await confirmationToken(id));
      expect((await verify(session, validValues.birthday)).statusCode).toBe(204);
      const newEmail = `moved.on@${emailDomain}`;
      const response = await send(
        'PATCH',
        '/registration',
        session,
        { fields: { email: newEmail } },
        { 'if-match': '"1"' },
      );
      expect(response.statusCode).toBe(200);
      const updated = new RegExp(`^registration-${id}-updated-\\d+\\.eml$`);
      await waitForMail(updated);
      const deadline = Date.now() + 20_000;
      while (mailFiles().filter((name) => updated.test(name)).length < 2 && Date.now() < deadline) {
        await sleep(50);
      }
      const recipients = await Promise.all(
        mailFiles()
          .filter((name) => updated.test(name))
          .map(async (name) => {
            const message = await simpleParser(fs.readFileSync(path.join(mailDir(), name)));
            return [message.to].flat()[0]?.text;
          }),
      );
      expect(recipients.sort()).toEqual([newEmail, `moved@${emailDomain}`].sort());
    });

    it('ends a session after 30 idle minutes, and a link after APPLICANT_LINK_DAYS', async () => {
      const id = await register({ email: `expires@${emailDomain}`, firstName: 'Eira' });
      const token = await confirmationToken(id);
      const session = await open(token);
      clock += (applicantSessionIdleMinutes + 1) * minuteMs;
      expect((await send('GET', '/registration', session)).statusCode).toBe(401);
      await open(token);
      clock += 31 * dayMs;
      // Its page speaks the registration's language, English here, not the default.
      await app.operations.database.query(
        `UPDATE registrations SET language = 'en' WHERE id = $1`,
        [id],
      );
      const expired = await send('POST', '/session', undefined, { token });
      expect([expired.statusCode, expired.json().language]).toEqual([404, 'en']);
      const unknown = await send('POST', '/session', undefined, { token: 'B'.repeat(43) });
      expect([unknown.statusCode, unknown.json().language]).toEqual([404, undefined]);
    });

    it('signs out: the session ends on the server, not only its cookie', async () => {
      const id = await register({ email: `shared.device@${emailDomain}`, firstName: 'Saga' });
      const session = await open(await confirmationToken(id));
      expect((await verify(session, validValues.birthday)).statusCode).toBe(204);
      const signedOut = await send('DELETE', '/session', session);
      expect(signedOut.statusCode).toBe(204);
      const cleared = signedOut.cookies.find((c) => c.name === applicantSessionCookieName)!;
      expect(cleared).toMatchObject({ value: '', path: '/my' });
      // The cookie kept (copied before, say) opens nothing any more.
      expect((await send('GET', '/registration', session)).statusCode).toBe(401);
      // Without a session, or a second time, it answers the same.
      expect((await send('DELETE', '/session', session)).statusCode).toBe(204);
    });

    it('writes no token and no value of the form to the log', async () => {
      expect(tokensSeen).not.toHaveLength(0);
      // The page the link opens, whatever answers it, is logged without its token.
      await app.inject({ method: 'GET', url: `/my/${tokensSeen[0]}` });
      const log = logLines.join('\n');
      expect(log).toContain('/my/api/session');
      expect(log).toContain('/my/<token>');
      for (const token of tokensSeen) expect(log).not.toContain(token);
      for (const written of correctedPhoneWritings) expect(log).not.toContain(written);
      expect(log).not.toContain(validValues.birthday);
    });
  });
}

describe('on PGlite', () => {
  applicantLinkSuite(async (dataDir) => ({ dataDir: seedDataDir(dataDir) }));
});

/** .ci/run starts a throwaway PostgreSQL server and sets this (see .ci/postgres.sh). */
const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(postgresUrl)('on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  applicantLinkSuite(async (dataDir) => {
    throwaway = await createThrowawayDatabase(postgresUrl!, 'applicant_link_test');
    return { dataDir, databaseUrl: throwaway.url };
  });
  // After the suite's own afterAll, which closes the app.
  afterAll(() => throwaway?.drop());
});

describe('without PUBLIC_URL', () => {
  it(
    'says so at start-up and sends confirmations without a link',
    async () => {
      const lines: string[] = [];
      const plainDir = makeDataDir();
      const plain = await buildApp(
        testAppOptions({
          dataDir: plainDir,
          logLevel: 'info',
          logStream: { write: (line) => void lines.push(line) },
        }),
      );
      try {
        expect(lines.join('\n')).toContain(noApplicantLinksHint);
        const token = await getXsrfToken(plain);
        const body = buildCreateOnboardingFormBody({
          ...validValues,
          email: `plain@${emailDomain}`,
        });
        expect((await postGraphql(plain, token, body)).statusCode).toBe(200);
        const file = path.join(plainDir, 'mail', 'registration-1.eml');
        const deadline = Date.now() + 20_000;
        while (!fs.existsSync(file) && Date.now() < deadline) await sleep(50);
        expect(fs.readFileSync(file, 'utf8')).not.toMatch(/\/my\//);
      } finally {
        await plain.close();
      }
    },
    2 * databaseTimeoutMs,
  );
});
