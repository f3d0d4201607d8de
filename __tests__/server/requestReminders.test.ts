/** @jest-environment node */
/**
 * The information requests' reminders and deadlines (issue 44) on a clock the test moves (the
 * app's `now`), the mail through a real SMTP server: REQUEST_REMINDER_DAYS before the deadline
 * one reminder, with a new link, the message and the deadline; none for a request made fewer days
 * before its deadline, none twice, none once withdrawn.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { dayIn } from '../../server/timeZone';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
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
const dayMs = 24 * 60 * 60 * 1000;
let provider: LocalProvider;
let inbox: Inbox;
let database: Database;
let app: FastifyInstance;
let admin: string;
/** How far the app's clock runs ahead of the real one. */
let ahead = 0;

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
      requestReminderDays: 2,
      now: () => new Date(Date.now() + ahead),
    }),
  );
  admin = await signIn(app, 'admin');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await inbox?.close();
  await database?.close();
  removeTempDirs();
});

async function staff(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) {
  const token = await getXsrfToken(app, admin);
  return app.inject({
    method,
    url: `/staff/api${url}`,
    headers: {
      cookie: `${admin}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body && { 'content-type': 'application/json' }),
    },
    payload: body && JSON.stringify(body),
  });
}

/** The day `days` after today in TIME_ZONE, by the real clock. */
function dayFromToday(days: number) {
  return dayIn(new Date(Date.now() + days * dayMs), app.operations.timeZone);
}

/** A registration with a request whose deadline is `days` from today. */
async function requested(name: string, days: number) {
  const email = `${name.toLowerCase()}@${emailDomain}`;
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({
    ...validValues,
    email,
    firstName: name,
    degreeProgram: 'MIDS',
  });
  const sent = await postGraphql(app, token, body, { headers: { 'accept-language': 'en' } });
  expect(sent.statusCode).toBe(200);
  const [{ id }] = await database.query<{ id: number }>(
    'SELECT id FROM registrations WHERE email = $1',
    [email],
  );
  const made = await staff('POST', `/registrations/${id}/request`, {
    fields: ['city'],
    message: `Where do you live, ${name}?`,
    deadline: dayFromToday(days),
  });
  expect(made.statusCode).toBe(201);
  return { id, email };
}

const reminders = (email: string) =>
  inbox.messages.filter(
    (mail) => [mail.to].flat()[0]?.text === email && /^Reminder/.test(mail.subject ?? ''),
  );

it('reminds once, REQUEST_REMINDER_DAYS before the deadline, with the message and a new link', async () => {
  const early = await requested('Early', 5);
  // Made a day before its deadline: fewer than the reminder's days, so no reminder.
  const late = await requested('Late', 1);
  const withdrawn = await requested('Gone', 5);
  expect((await staff('DELETE', `/registrations/${withdrawn.id}/request`)).statusCode).toBe(204);

  expect(await app.requestReminders.run()).toBe(0);
  ahead = 2 * dayMs;
  expect(await app.requestReminders.run()).toBe(0);
  ahead = 3 * dayMs;
  expect(await app.requestReminders.run()).toBe(1);
  expect(await app.requestReminders.run()).toBe(0);

  const reminder = await waitFor(() => reminders(early.email)[0]);
  expect(reminder.text).toContain('Hello Early');
  expect(reminder.text).toContain('Where do you live, Early?');
  expect(reminder.text).toMatch(/answer by \d{1,2} [A-Z][a-z]+ \d{4}/);
  expect(reminder.text).toMatch(/\/my\/[A-Za-z0-9_-]{43}\b/);
  expect(reminders(late.email)).toEqual([]);
  expect(reminders(withdrawn.email)).toEqual([]);
  const [{ reminded }] = await database.query<{ reminded: boolean }>(
    'SELECT reminded_at IS NOT NULL AS reminded FROM registration_requests WHERE registration_id = $1',
    [early.id],
  );
  expect(reminded).toBe(true);
  ahead = 0;
});
