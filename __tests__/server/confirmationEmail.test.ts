/** @jest-environment node */
/**
 * The confirmation email, end to end: the SPA's request through the real app, the outbox in the
 * database, nodemailer, and a real SMTP server (smtp-server) in this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { composeConfirmation } from '../../server/mail/confirmationEmail';
import { retryDelaySeconds } from '../../server/mail/outboxSender';
import { buildCreateOnboardingFormBody } from '../../src/api/onboardingQuery';
import type { Language } from '../../src/features/language/languages';
import type { RegistrationValues } from '../../src/features/registration/fields';
import { connectGraphql } from '../../testing/graphqlClient';
import { freePort, startServer } from '../../testing/server';
import { validRegistration } from '../../testing/registrations';
import { databaseTimeoutMs, makeStaticDir, makeTempDir, removeTempDirs } from './support/fixtures';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { describeWith, testServiceUrl, testTool } from './support/testService';
import { createThrowawayDatabase } from './support/throwawayDatabase';

jest.setTimeout(2 * databaseTimeoutMs);

interface Inbox {
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
async function startSmtpServer(port = 0): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (message) => {
          messages.push(message);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(read: () => T | undefined, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

const apps: FastifyInstance[] = [];
const inboxes: Inbox[] = [];

async function startApp(overrides: Partial<AppOptions>) {
  const app = await buildApp(testAppOptions(overrides));
  apps.push(app);
  return app;
}

async function send(app: FastifyInstance, values: RegistrationValues, language: Language) {
  const response = await postGraphql(
    app,
    await getXsrfToken(app),
    buildCreateOnboardingFormBody(values),
    {
      headers: { 'accept-language': language },
    },
  );
  expect(response.statusCode).toBe(200);
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await Promise.all(inboxes.map((inbox) => inbox.close()));
  removeTempDirs();
});

const excluded = (values: RegistrationValues) => [
  values.birthday,
  values.phoneNumber,
  values.address,
  values.zipcode,
  values.city,
  values.lastName,
];

describe('the confirmation email', () => {
  let inbox: Inbox;
  let app: FastifyInstance;

  beforeAll(async () => {
    inbox = await startSmtpServer();
    inboxes.push(inbox);
    app = await startApp({ smtpUrl: inbox.url, institutionName: 'Exempelhögskolan' });
  });

  it.each([
    ['sv', 'Bekräftelse', 'Informationsteknik', 'Referenskod', 'Vad händer nu?'],
    ['en', 'Confirmation', 'Information Technology', 'Reference code', 'What happens next?'],
  ] as const)(
    'arrives in %s, with what it should say and nothing else',
    async (language, subject, programme, referenceLabel, next) => {
      const values = validRegistration({
        city: 'Vasa',
        address: 'Strandgatan 9',
        zipcode: '65100',
      });
      await send(app, values, language);

      const message = await waitFor(() =>
        inbox.messages.find((candidate) => candidate.text?.includes(values.firstName)),
      );
      const [{ reference }] = await app.staff.database.query<{ reference: string }>(
        'SELECT reference FROM registrations WHERE email = $1',
        [values.email],
      );

      expect(message.to).toMatchObject({ value: [{ address: values.email }] });
      expect(message.from?.value[0]).toEqual({
        name: 'Exempelhögskolan',
        address: 'admissions@example.edu',
      });
      expect(message.subject).toContain(subject);
      expect(message.subject).toContain('Exempelhögskolan');
      for (const part of [message.text!, message.html as string]) {
        expect(part).toContain(values.firstName);
        expect(part).toContain(programme);
        expect(part).toContain(referenceLabel);
        expect(part).toContain(reference);
        expect(part).toContain(next);
        expect(part).toContain('admissions@example.edu');
        for (const value of excluded(values)) expect(part).not.toContain(value);
      }
    },
  );

  it('is sent once for an identical resubmission', async () => {
    const values = validRegistration();
    await send(app, values, 'sv');
    await send(app, values, 'sv');
    await waitFor(() => inbox.messages.find((message) => message.text?.includes(values.firstName)));
    await sleep(1500); // more than one polling round

    const copies = inbox.messages.filter((message) => message.text?.includes(values.firstName));
    expect(copies).toHaveLength(1);
  });

  it('counts the emails sent in the metrics, and an empty queue', async () => {
    const metrics = await app.metrics.registry.metrics();

    expect(metrics).toMatch(/^emails_sent_total [1-9]/m);
    expect(metrics).toMatch(/^emails_queued 0$/m);
    expect(metrics).toMatch(/^emails_oldest_queued_age_seconds 0$/m);
  });
});

describe('when the mail server is away', () => {
  it('answers at once, keeps the message queued, and delivers it once the server is back', async () => {
    const port = await freePort();
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const values = validRegistration();

    const started = Date.now();
    await send(app, values, 'en');
    expect(Date.now() - started).toBeLessThan(5000);
    await sleep(1000);
    const waiting = await app.metrics.registry.metrics();
    expect(waiting).toMatch(/^emails_queued 1$/m);
    expect(waiting).toMatch(/^emails_failed_total [1-9]/m);

    const inbox = await startSmtpServer(port);
    inboxes.push(inbox);
    const message = await waitFor(
      () => inbox.messages.find((candidate) => candidate.text?.includes(values.firstName)),
      (retryDelaySeconds(2) + 5) * 1000,
    );
    expect(message.subject).toContain('Confirmation');
  });

  it('delivers a message queued before a restart once, after it', async () => {
    const dataDir = makeTempDir('server-test-outbox-');
    const port = await freePort();
    const first = await startApp({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}` });
    const values = validRegistration();
    await send(first, values, 'sv');
    await first.close();

    const inbox = await startSmtpServer(port);
    inboxes.push(inbox);
    const second = await startApp({ dataDir, smtpUrl: inbox.url });
    await waitFor(
      () => inbox.messages.find((candidate) => candidate.text?.includes(values.firstName)),
      (retryDelaySeconds(1) + 5) * 1000,
    );
    await sleep(1500);

    expect(
      inbox.messages.filter((message) => message.text?.includes(values.firstName)),
    ).toHaveLength(1);
    const [{ queued }] = await second.staff.database.query<{ queued: number }>(
      'SELECT count(*)::integer AS queued FROM outbox',
    );
    expect(queued).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  it('writes each confirmation as an .eml file in DATA_DIR/mail, for the server user alone', async () => {
    const dataDir = makeTempDir('server-test-eml-');
    const app = await startApp({ dataDir });
    const values = validRegistration();
    await send(app, values, 'en');

    const mailDir = path.join(dataDir, 'mail');
    const [file] = await waitFor(() => {
      const files = fs.readdirSync(mailDir);
      return files.length > 0 ? files : undefined;
    });
    const message = await simpleParser(fs.readFileSync(path.join(mailDir, file)));

    expect(file).toMatch(/\.eml$/);
    expect(fs.statSync(path.join(mailDir, file)).mode & 0o777).toBe(0o600);
    expect(message.subject).toContain('Confirmation');
    expect(message.text).toContain(values.firstName);
  });
});

describe('composing the confirmation', () => {
  it('escapes what the applicant typed in the HTML part', () => {
    const { html, text } = composeConfirmation(
      {
        firstName: '<b>Eve</b> & Co',
        degreeProgram: 'IT',
        reference: 'K7M2QX9P',
        language: 'en',
        createdAt: new Date('2026-01-15T10:00:00Z'),
      },
      { name: 'Example University', contactEmail: 'admissions@example.edu', timeZone: 'UTC' },
    );

    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; &amp; Co');
    expect(html).not.toContain('<b>Eve</b>');
    expect(text).toContain('15 January 2026');
  });
});

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(postgresUrl)('several instances on one PostgreSQL', () => {
  it('send each confirmation once between them', async () => {
    const database = await createThrowawayDatabase(postgresUrl!, 'outbox_test');
    try {
      const inbox = await startSmtpServer();
      inboxes.push(inbox);
      const instances = await Promise.all(
        [1, 2, 3].map(() =>
          buildApp(testAppOptions({ databaseUrl: database.url, smtpUrl: inbox.url })),
        ),
      );
      const sent = Array.from({ length: 30 }, () => validRegistration());
      await Promise.all(sent.map((values, index) => send(instances[index % 3], values, 'sv')));
      await waitFor(() => (inbox.messages.length >= sent.length ? true : undefined));
      await sleep(1500);
      await Promise.all(instances.map((instance) => instance.close()));

      const recipients = inbox.messages.map((message) => message.text ?? '');
      for (const values of sent) {
        expect(recipients.filter((text) => text.includes(values.firstName))).toHaveLength(1);
      }
    } finally {
      await database.drop();
    }
  });
});

const hasFaketime = testTool('faketime', 'faked clock');

(hasFaketime ? describe : describe.skip)('the date received, on a faked clock', () => {
  // The server's machine runs on UTC; the date is the day it was in TIME_ZONE (Europe/Helsinki).
  it.each([
    ['sv', '2026-11-24 22:03:00', 'Vi tog emot den 25 november 2026.'], // 00:03, UTC+2
    ['en', '2026-06-30 21:30:00', 'We received your registration on 1 July 2026.'], // 00:30, UTC+3
  ] as const)(
    'is the day in Helsinki (%s, registered at %s UTC)',
    async (language, utc, received) => {
      const inbox = await startSmtpServer();
      inboxes.push(inbox);
      const server = await startServer({
        entry: 'source',
        env: {
          STATIC_DIR: makeStaticDir(),
          SMTP_URL: inbox.url,
          TZ: 'UTC',
          // The clock starts at `utc` and runs on; timers keep the real monotonic clock.
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
        wrapper: ['faketime', '-f', `@${utc}`],
      });
      try {
        const client = await connectGraphql(server.url);
        const values = validRegistration();
        const answer = await client.post(buildCreateOnboardingFormBody(values), {
          headers: { ...client.headers, 'accept-language': language },
        });
        expect(answer.status).toBe(200);

        const message = await waitFor(() =>
          inbox.messages.find((candidate) => candidate.text?.includes(values.firstName)),
        );
        expect(message.text).toContain(received);
        expect(message.html).toContain(received);
      } finally {
        await server.dispose();
      }
    },
  );
});
