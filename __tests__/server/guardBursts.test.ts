/** @jest-environment node */
/**
 * Every guard that counts, under a burst of parallel requests through HTTP (issue 43): the
 * birthday's tries, the links on request and the "updated" notices within a mailbox's daily cap,
 * the corrections a day, the one use of a pending sign-in, each token's rate limit, and the rate
 * limits of /api/v1 and /staff/api before authentication. On PGlite and, with DATABASE_URL_TEST,
 * on PostgreSQL, where transactions run side by side and a check-then-act shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import { buildApp, type AppOptions } from '../../server/app';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { confirmationsPerAddressPerDay } from '../../server/db/registrations';
import { serverDefaults } from '../../server/config';
import {
  refusedRequestsPerMinute,
  requestsPerMinutePerToken,
} from '../../server/integration/integrationPlugin';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { VerifiedRegistration } from '../../src/contract/applicantApiSchemas';
import { applicantSessionCookieName, birthdayTries } from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import {
  signInAtProvider,
  startLocalProvider,
  type LocalProvider,
} from '../../testing/localProvider';
import { databaseTimeoutMs, makeTempDir, removeTempDirs } from './support/fixtures';
import { seedDataDir } from './support/pgliteTemplate';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(4 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
let provider: LocalProvider;

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
});

afterAll(async () => {
  await provider?.stop();
  removeTempDirs();
});

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

/** The suite on a database: `storage` gives the app its DATA_DIR (mail) and database. */
function burstSuite(storage: (dataDir: string) => Promise<Partial<AppOptions>>) {
  let app: FastifyInstance;
  let dataDir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dataDir = makeTempDir('server-test-bursts-');
    app = await buildApp(
      testAppOptions({
        ...(await storage(dataDir)),
        publicUrl: new URL(publicUrl),
        staffConsole: readStaffConsoleSettings(provider.settings),
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

  /** Waits until the outbox has sent everything queued, then lists the mail written. */
  async function sentMail(): Promise<string[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [{ queued }] = await app.operations.database.query<{ queued: number }>(
        `SELECT (SELECT count(*) FROM applicant_mail)::integer
              + (SELECT count(*) FROM outbox)::integer AS queued`,
      );
      if (queued === 0) return mailFiles();
      if (Date.now() > deadline) throw new Error(`${queued} emails still queued`);
      await sleep(50);
    }
  }

  /** Whom each of the files was sent to. */
  const recipients = (files: string[]) =>
    Promise.all(
      files.map(async (name) => {
        const message = await simpleParser(fs.readFileSync(path.join(mailDir(), name)));
        return [message.to].flat()[0]?.text ?? '';
      }),
    );

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

  /** The link's token from the registration's confirmation. */
  async function confirmationToken(id: number): Promise<string> {
    const file = path.join(mailDir(), `registration-${id}.eml`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (fs.existsSync(file)) {
        const text = (await simpleParser(fs.readFileSync(file))).text ?? '';
        const token = /\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
        if (token) return token;
      }
      if (Date.now() > deadline) throw new Error(`No confirmation with a link for ${id}`);
      await sleep(50);
    }
  }

  /** A request as the /my page sends it. */
  function send(
    method: 'POST' | 'PATCH' | 'GET' | 'DELETE',
    url: string,
    session: string | undefined,
    xsrf: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
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

  async function open(token: string, xsrf: string): Promise<string> {
    const response = await send('POST', '/session', undefined, xsrf, { token });
    expect(response.statusCode).toBe(204);
    return response.cookies.find((c) => c.name === applicantSessionCookieName)!.value;
  }

  const lockedEvents = () =>
    logLines.filter((line) => line.includes('"applicant-link-locked"')).length;

  describe('the birthday', () => {
    it('compares at most 5 of 50 parallel tries in one session: the right one 46th is refused', async () => {
      const xsrf = await getXsrfToken(app);
      const id = await register({ email: `burst.one@${emailDomain}`, firstName: 'Britt' });
      const session = await open(await confirmationToken(id), xsrf);
      const lockedBefore = lockedEvents();

      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          send('POST', '/verify', session, xsrf, {
            birthday: index === 45 ? validValues.birthday : '02.02.2002',
          }),
        ),
      );

      expect(statuses(answers)).toEqual({ 403: birthdayTries - 1, 423: 50 - (birthdayTries - 1) });
      const triesLeft = answers
        .filter((answer) => answer.statusCode === 403)
        .map((answer) => answer.json<{ triesLeft: number }>().triesLeft)
        .sort();
      expect(triesLeft).toEqual([1, 2, 3, 4]);
      // The fifth wrong try locked it: one lock, then only refusals.
      expect(lockedEvents() - lockedBefore).toBe(1);
      expect(
        (await send('POST', '/verify', session, xsrf, { birthday: validValues.birthday }))
          .statusCode,
      ).toBe(423);
    });

    it('compares at most 5 across five sessions of one link, 10 parallel tries each', async () => {
      const xsrf = await getXsrfToken(app);
      const id = await register({ email: `burst.five@${emailDomain}`, firstName: 'Frida' });
      const token = await confirmationToken(id);
      const sessions: string[] = [];
      for (let index = 0; index < 5; index++) sessions.push(await open(token, xsrf));

      // Each session's last try is the right birthday.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, round) =>
          sessions.map((session) =>
            send('POST', '/verify', session, xsrf, {
              birthday: round === 9 ? validValues.birthday : '03.03.2003',
            }),
          ),
        ).flat(),
      );

      expect(statuses(answers)).toEqual({ 403: birthdayTries - 1, 423: 50 - (birthdayTries - 1) });
      for (const session of sessions) {
        const read = await send('GET', '/registration', session, xsrf);
        expect(read.json()).toMatchObject({ verified: false });
      }
    });

    it('takes no try for an answer that is no date, whatever arrives with it: at most 5 dates compared', async () => {
      const xsrf = await getXsrfToken(app);
      const id = await register({ email: `burst.dates@${emailDomain}`, firstName: 'Dora' });
      const session = await open(await confirmationToken(id), xsrf);

      // Half no date at all, half the same wrong date written two ways, all at once.
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          send('POST', '/verify', session, xsrf, {
            birthday: index % 2 === 0 ? 'soon' : index % 4 === 1 ? '2.2.2002' : '2002-02-02',
          }),
        ),
      );

      expect(statuses(answers)).toEqual({
        403: birthdayTries - 1,
        422: 25,
        423: 25 - (birthdayTries - 1),
      });
    });

    it('takes no try for a right answer: the applicant opens the link again and again', async () => {
      const xsrf = await getXsrfToken(app);
      const id = await register({ email: `burst.again@${emailDomain}`, firstName: 'Agnes' });
      const token = await confirmationToken(id);
      for (let index = 0; index < 2 * birthdayTries; index++) {
        const session = await open(token, xsrf);
        expect(
          (await send('POST', '/verify', session, xsrf, { birthday: validValues.birthday }))
            .statusCode,
        ).toBe(204);
      }
    });
  });

  describe("a mailbox's emails a day", () => {
    it('sends the links of 20 parallel requests within the cap', async () => {
      const email = `burst.links@${emailDomain}`;
      const id = await register({ email, firstName: 'Lina' });
      await confirmationToken(id);
      const xsrf = await getXsrfToken(app);
      const [{ before }] = await app.operations.database.query<{ before: number }>(
        'SELECT count(*)::integer AS before FROM applicant_link_requests',
      );

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send('POST', '/links', undefined, xsrf, { email })),
      );

      expect(statuses(answers)).toEqual({ 202: 20 });
      // The links sent on request, as counted against the cap: the confirmation was one of 3.
      const [{ after }] = await app.operations.database.query<{ after: number }>(
        'SELECT count(*)::integer AS after FROM applicant_link_requests',
      );
      expect(after - before).toBe(confirmationsPerAddressPerDay - 1);
      const links = (await sentMail()).filter((name) =>
        name.startsWith(`registration-${id}-link-`),
      );
      expect(links.length).toBeLessThanOrEqual(confirmationsPerAddressPerDay - 1);
    });

    it("keeps the notices of 8 corrections moving to one address at once within that mailbox's cap", async () => {
      const target = `burst.target@${emailDomain}`;
      const xsrf = await getXsrfToken(app);
      const movers: string[] = [];
      for (let index = 0; index < 8; index++) {
        // One phone and birthday: eight possible duplicates of each other, re-paired as they move.
        const id = await register({
          email: `burst.mover${index}@${emailDomain}`,
          firstName: `Mover${'abcdefgh'[index]}`,
        });
        const session = await open(await confirmationToken(id), xsrf);
        expect(
          (await send('POST', '/verify', session, xsrf, { birthday: validValues.birthday }))
            .statusCode,
        ).toBe(204);
        movers.push(session);
      }

      const answers = await Promise.all(
        movers.map((session) =>
          send(
            'PATCH',
            '/registration',
            session,
            xsrf,
            { fields: { email: target } },
            {
              'if-match': '"1"',
            },
          ),
        ),
      );

      expect(statuses(answers)).toEqual({ 200: 8 });
      const notices = (await sentMail()).filter((name) => /-updated-\d+\.eml$/.test(name));
      const toTarget = (await recipients(notices)).filter((to) => to === target);
      expect(toTarget.length).toBeLessThanOrEqual(confirmationsPerAddressPerDay);
    });

    it("keeps the withdrawal notices of registrations moved to one address and withdrawn at once within that mailbox's cap", async () => {
      const target = `burst.withdrawn@${emailDomain}`;
      const xsrf = await getXsrfToken(app);
      const sessions: string[] = [];
      for (let index = 0; index < 6; index++) {
        const id = await register({
          email: `burst.leaver${index}@${emailDomain}`,
          firstName: `Leaver${'abcdef'[index]}`,
        });
        const session = await open(await confirmationToken(id), xsrf);
        expect(
          (await send('POST', '/verify', session, xsrf, { birthday: validValues.birthday }))
            .statusCode,
        ).toBe(204);
        const moved = await send(
          'PATCH',
          '/registration',
          session,
          xsrf,
          { fields: { email: target } },
          { 'if-match': '"1"' },
        );
        expect(moved.statusCode).toBe(200);
        sessions.push(session);
      }

      const answers = await Promise.all(
        sessions.map((session) => send('DELETE', '/registration', session, xsrf)),
      );

      expect(statuses(answers)).toEqual({ 204: 6 });
      const toTarget = (await recipients(await sentMail())).filter((to) => to === target);
      expect(toTarget.length).toBeLessThanOrEqual(confirmationsPerAddressPerDay);
    });

    it('refuses corrections beyond APPLICANT_CORRECTIONS_PER_DAY (429); the notices stay within the caps', async () => {
      const [first, second] = [`burst.one.student@${emailDomain}`, `burst.other@${emailDomain}`];
      const xsrf = await getXsrfToken(app);
      const id = await register({ email: first, firstName: 'Siri' });
      const session = await open(await confirmationToken(id), xsrf);
      expect(
        (await send('POST', '/verify', session, xsrf, { birthday: validValues.birthday }))
          .statusCode,
      ).toBe(204);

      const answers: number[] = [];
      let version = 1;
      let current = first;
      for (let index = 0; index < 20; index++) {
        const other = current === first ? second : first;
        const response = await send(
          'PATCH',
          '/registration',
          session,
          xsrf,
          { fields: { email: other } },
          { 'if-match': `"${version}"` },
        );
        answers.push(response.statusCode);
        if (response.statusCode === 200) {
          version = response.json<VerifiedRegistration>().version;
          current = other;
        } else {
          expect(response.json()).toMatchObject({ message: expect.stringMatching(/today/i) });
        }
      }
      const perDay = serverDefaults.applicantCorrectionsPerDay;
      expect(answers).toEqual([...Array(perDay).fill(200), ...Array(20 - perDay).fill(429)]);

      // A burst on the current version: one is made, the rest are stale or over the limit.
      const burst = await Promise.all(
        Array.from({ length: 10 }, () =>
          send(
            'PATCH',
            '/registration',
            session,
            xsrf,
            { fields: { city: 'Åbo' } },
            {
              'if-match': `"${version}"`,
            },
          ),
        ),
      );
      expect(burst.map((response) => response.statusCode)).not.toContain(200);

      const notices = (await sentMail()).filter((name) =>
        name.startsWith(`registration-${id}-updated-`),
      );
      const to = await recipients(notices);
      for (const address of [first, second]) {
        expect(to.filter((recipient) => recipient === address).length).toBeLessThanOrEqual(
          confirmationsPerAddressPerDay,
        );
      }
    });
  });

  describe('a bulk change', () => {
    it('assigns nobody a registration outside their programmes while others arrive', async () => {
      const admin = await signIn(app, 'admin');
      await signIn(app, 'coordinator');
      const xsrf = await getXsrfToken(app, admin);
      const staff = (method: 'GET' | 'POST', url: string, body?: unknown) =>
        app.inject({
          method,
          url,
          headers: {
            cookie: `${admin}; ${xsrfCookieName}=${xsrf}`,
            [xsrfHeaderName]: xsrf,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
      const members = (await staff('GET', '/staff/api/staff-members')).json<{
        items: { subject: string; name: string }[];
      }>().items;
      const coordinator = members.find((member) => member.name === 'Cai Coordinator')!.subject;
      await register({
        email: `bulk.mids@${emailDomain}`,
        firstName: 'Bulkmove',
        degreeProgram: 'MIDS',
      });
      const formToken = await getXsrfToken(app);

      // The coordinator sees MIDS only: while MSE registrations matching the filter arrive, each
      // bulk change either assigns MIDS alone or is refused whole.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => [
          staff('POST', '/staff/api/registrations/bulk', {
            filter: { q: 'Bulkmove' },
            set: { assignee: coordinator },
          }),
          postGraphql(
            app,
            formToken,
            buildCreateOnboardingFormBody({
              ...validValues,
              email: `bulk.mse${index}@${emailDomain}`,
              firstName: 'Bulkmove',
              degreeProgram: 'MSE',
            }),
          ),
        ]).flat(),
      );

      expect(answers.every((answer) => [200, 422].includes(answer.statusCode))).toBe(true);
      const assigned = await app.operations.database.query<{ degree_program: string }>(
        'SELECT DISTINCT degree_program FROM registrations WHERE assignee = $1',
        [coordinator],
      );
      // None outside MIDS (none at all if an MSE one came before every check).
      expect(assigned.filter((row) => row.degree_program !== 'MIDS')).toEqual([]);
    });
  });

  describe("an information request's answer and its withdrawal", () => {
    it('lets one of each of 12 pairs arriving together win, and tells the other (409)', async () => {
      const admin = await signIn(app, 'admin');
      const staffXsrf = await getXsrfToken(app, admin);
      const staff = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
        app.inject({
          method,
          url: `/staff/api${url}`,
          headers: {
            cookie: `${admin}; ${xsrfCookieName}=${staffXsrf}`,
            [xsrfHeaderName]: staffXsrf,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          payload: body === undefined ? undefined : JSON.stringify(body),
        });
      const deadline = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const xsrf = await getXsrfToken(app);
      const pairs = [];
      for (let index = 0; index < 12; index += 1) {
        const id = await register({ email: `burst.answer${index}@${emailDomain}` });
        const made = await staff('POST', `/registrations/${id}/request`, {
          fields: [],
          message: 'Please confirm your details.',
          deadline,
        });
        expect(made.statusCode).toBe(201);
        pairs.push({ id, requestId: made.json<{ id: number }>().id });
      }
      const files = await sentMail();
      const opened = await Promise.all(
        pairs.map(async ({ id, requestId }) => {
          const file = files.find((name) => name.startsWith(`registration-${id}-request-`))!;
          const text = (await simpleParser(fs.readFileSync(path.join(mailDir(), file)))).text!;
          const session = await open(/\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)![1], xsrf);
          const verified = await send('POST', '/verify', session, xsrf, {
            birthday: validValues.birthday,
          });
          expect(verified.statusCode).toBe(204);
          const { version } = (
            await send('GET', '/registration', session, xsrf)
          ).json<VerifiedRegistration>();
          return { id, requestId, session, version };
        }),
      );

      // One side a little later, pair by pair and by turns: the answer comes first in some pairs
      // and the withdrawal in others, however fast or slow the machine.
      const outcomes = await Promise.all(
        opened.map(async ({ id, requestId, session, version }, index) => {
          const later = (1 + Math.floor(index / 2)) * 15;
          const [answer, withdrawal] = await Promise.all([
            sleep(index % 2 === 0 ? later : 0).then(() =>
              send(
                'POST',
                '/registration/answer',
                session,
                xsrf,
                { requestId },
                { 'if-match': `"${version}"` },
              ),
            ),
            sleep(index % 2 === 1 ? later : 0).then(() =>
              staff('DELETE', `/registrations/${id}/request`),
            ),
          ]);
          return { id, answer, withdrawal };
        }),
      );

      const won = { answer: 0, withdrawal: 0 };
      for (const { id, answer, withdrawal } of outcomes) {
        if (answer.statusCode === 200) {
          won.answer += 1;
          expect(withdrawal.statusCode).toBe(409);
          expect(withdrawal.json().message).toMatch(/answered/);
        } else {
          won.withdrawal += 1;
          expect([answer.statusCode, withdrawal.statusCode]).toEqual([409, 204]);
          expect(answer.json()).toMatchObject({ requestClosed: true });
        }
        const [request] = await app.operations.database.query<{
          answered: boolean;
          withdrawn: boolean;
          state: string;
        }>(
          `SELECT answered_at IS NOT NULL AS answered, withdrawn_at IS NOT NULL AS withdrawn,
             registrations.state
           FROM registration_requests JOIN registrations ON registrations.id = registration_id
           WHERE registration_id = $1`,
          [id],
        );
        expect(request).toEqual({
          answered: answer.statusCode === 200,
          withdrawn: answer.statusCode !== 200,
          state: 'in-progress',
        });
      }
      // Both sides won somewhere: the pairs raced.
      expect(won.answer).toBeGreaterThan(0);
      expect(won.withdrawal).toBeGreaterThan(0);
    });
  });

  describe('a pending sign-in', () => {
    it('is taken once by 20 parallel callbacks: one reaches the provider, one session', async () => {
      const start = await app.inject({ method: 'GET', url: '/staff/login' });
      const pending = start.cookies.find((cookie) => cookie.name.endsWith('staff-sign-in'))!;
      const callback = new URL(await signInAtProvider(start.headers.location as string, 'admin'));
      const failedBefore = logLines.filter((line) => line.includes('staff sign-in failed')).length;

      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.inject({
            method: 'GET',
            url: callback.pathname + callback.search,
            cookies: { [pending.name]: pending.value },
          }),
        ),
      );

      const sessions = answers.filter((answer) =>
        answer.cookies.some((cookie) => cookie.name.endsWith('staff-session')),
      );
      expect(sessions).toHaveLength(1);
      // The other 19 found no pending sign-in: none took it to the provider a second time.
      const failed = logLines.filter((line) => line.includes('staff sign-in failed')).length;
      expect(failed - failedBefore).toBe(0);
    });
  });
}

describe('on PGlite', () => {
  burstSuite(async (dataDir) => ({ dataDir: seedDataDir(dataDir) }));
});

/** .ci/run starts a throwaway PostgreSQL server and sets this (see .ci/postgres.sh). */
const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(postgresUrl)('on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  burstSuite(async (dataDir) => {
    throwaway = await createThrowawayDatabase(postgresUrl!, 'guard_bursts_test');
    return { dataDir, databaseUrl: throwaway.url };
  });
  afterAll(() => throwaway?.drop());
});

describe('rate limits before authentication', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp(
      testAppOptions({
        rateLimitPerMinute: 60,
        staffConsole: readStaffConsoleSettings(provider.settings),
      }),
    );
  }, 2 * databaseTimeoutMs);

  afterAll(async () => {
    await app?.close();
  });

  const randomBearer = () => ({
    authorization: `Bearer sisreg_${randomBytes(32).toString('base64url')}`,
  });

  it('meets a burst of made-up tokens at /api/v1 with 429s; a valid token still reads', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.inject({ method: 'GET', url: '/api/v1/erasures', headers: randomBearer() }),
      ),
    );
    const counts = statuses(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(refusedRequestsPerMinute);
    expect(counts[429]).toBeGreaterThanOrEqual(100 - refusedRequestsPerMinute);
    expect((counts[401] ?? 0) + counts[429]).toBe(100);

    const admin = await signIn(app, 'admin');
    const xsrf = await getXsrfToken(app, admin);
    const created = await app.inject({
      method: 'POST',
      url: '/staff/api/tokens',
      headers: {
        cookie: `${admin}; ${xsrfCookieName}=${xsrf}`,
        [xsrfHeaderName]: xsrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        name: 'Sisu',
        programmes: 'all',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      }),
    });
    const { token } = created.json<{ token: string }>();

    // Its last use is written once however many requests read it as old at once.
    await app.operations.database.query(`CREATE TABLE token_writes (id integer)`);
    await app.operations.database.query(
      `CREATE FUNCTION count_token_write() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN INSERT INTO token_writes VALUES (NEW.id); RETURN NEW; END $$`,
    );
    await app.operations.database.query(
      `CREATE TRIGGER token_written AFTER UPDATE OF last_used_at ON api_tokens
         FOR EACH ROW EXECUTE FUNCTION count_token_write()`,
    );

    // Each token's own limit, counted at once: at most 600 of 650 parallel pass, some do.
    const reads = await Promise.all(
      Array.from({ length: requestsPerMinutePerToken + 50 }, () =>
        app.inject({
          method: 'GET',
          url: '/api/v1/erasures',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const readCounts = statuses(reads);
    expect(readCounts[200]).toBeGreaterThan(0);
    expect(readCounts[200]).toBeLessThanOrEqual(requestsPerMinutePerToken);
    expect(readCounts[200] + readCounts[429]).toBe(requestsPerMinutePerToken + 50);
    const [{ writes }] = await app.operations.database.query<{ writes: number }>(
      'SELECT count(*)::integer AS writes FROM token_writes',
    );
    expect(writes).toBe(1);
  });

  it('meets a burst of made-up tokens at /staff/api with 429s', async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, () =>
        app.inject({
          method: 'GET',
          url: '/staff/api/me',
          headers: randomBearer(),
          remoteAddress: '192.0.2.7',
        }),
      ),
    );
    // The limiter's own store may count a same-tick burst before it answers any: at least the
    // requests beyond the limit are refused, never more than the limit reach the session check.
    const counts = statuses(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(300);
    expect(counts[429]).toBeGreaterThanOrEqual(100);
    expect((counts[401] ?? 0) + counts[429]).toBe(400);
  });
});
