/** @jest-environment node */
/**
 * The confirmation email, end to end: the SPA's request through the real app, the outbox in the
 * database, nodemailer, and a real SMTP server (smtp-server) in this process.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { runStaffRequest } from '../../server/operations/operations';
import { migrate } from '../../server/db/migrations';
import { formColumns } from '../../server/db/registrations';
import { composeConfirmation } from '../../server/mail/confirmationEmail';
import { createMailTransport } from '../../server/mail/mailTransport';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { Language } from '../../src/contract/languages';
import { fieldNames, type RegistrationValues } from '../../src/contract/fields';
import { parseCsv } from '../../testing/csv';
import { acknowledgedFirstName, connectGraphql } from '../../testing/graphqlClient';
import { exportCsv, freePort, startServer, type RunningServer } from '../../testing/server';
import { emailDomain, validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeStaticDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
  makeMigratedDataDir,
} from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { waitFor } from '../../testing/waitFor';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { describeWith, testServiceUrl, testTool } from '../../testing/testService';
import { createThrowawayDatabase } from '../../testing/throwawayDatabase';

jest.setTimeout(2 * databaseTimeoutMs);

/** The messages an inbox holds for an address, in any letter case. */
function messagesTo(inbox: Inbox, address: string): ParsedMail[] {
  return inbox.messages.filter((message) =>
    [message.to ?? []]
      .flat()
      .flatMap((to) => to.value)
      .some((to) => to.address?.toLowerCase() === address.toLowerCase()),
  );
}

const apps: FastifyInstance[] = [];
const inboxes: Inbox[] = [];

/** The outbox looks every 100 ms and retries after a tenth of the real delays. */
const fastOutbox = { outboxTiming: { pollMs: 100, retryScale: 0.1 } } satisfies Partial<AppOptions>;
/** Long enough for a copy too many to arrive: a few of the outbox's polling rounds. */
const pollingRoundsMs = 3 * fastOutbox.outboxTiming.pollMs;

async function startApp(overrides: Partial<AppOptions>) {
  const app = await buildApp(testAppOptions({ ...fastOutbox, ...overrides }));
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

/** How many confirmations wait in the app's outbox for an address. */
async function queuedFor(app: FastifyInstance, address: string): Promise<number> {
  const [{ count }] = await app.operations.database.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM outbox
     WHERE registration_id IN (SELECT id FROM registrations WHERE lower(email) = lower($1))`,
    [address],
  );
  return count;
}

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
    // The programme as the form and /my name it: code and name.
    ['sv', 'Bekräftelse', 'IT – Informationsteknik', 'Referenskod', 'Vad händer nu?'],
    ['en', 'Confirmation', 'IT – Information Technology', 'Reference code', 'What happens next?'],
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
      const [{ reference }] = await app.operations.database.query<{ reference: string }>(
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

  it("carries no stranger's words in its greeting", async () => {
    const values = validRegistration({
      firstName: 'urgent! Reset your login at evil-sso.example/edu',
    });
    await send(app, values, 'sv');

    const message = await waitFor(() => messagesTo(inbox, values.email)[0]);

    expect(message.text?.split('\n')[0]).toBe('Hej!');
    expect(message.text).not.toContain('evil-sso');
    expect(message.html).not.toContain('evil-sso');
  });

  it('is sent once for an identical resubmission', async () => {
    const values = validRegistration();
    await send(app, values, 'sv');
    await send(app, values, 'sv');
    await waitFor(() => messagesTo(inbox, values.email)[0]);
    await sleep(pollingRoundsMs);

    expect(messagesTo(inbox, values.email).length).toBe(1);
  });

  it('is not sent again for an identical resubmission after it went', async () => {
    const values = validRegistration();
    await send(app, values, 'sv');
    await waitFor(() => messagesTo(inbox, values.email)[0]);
    // Once its outbox row is gone, only the stored registration can keep a second one out.
    await waitFor(async () => ((await queuedFor(app, values.email)) === 0 ? true : undefined));
    await send(app, values, 'sv');
    await sleep(pollingRoundsMs);

    expect(messagesTo(inbox, values.email).length).toBe(1);
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
      15_000, // the first retry comes half a second after the failure (a tenth of 5 s)
    );
    expect(message.subject).toContain('Confirmation');
  });

  it('never sends the confirmation of a registration erased while it waited', async () => {
    const port = await freePort();
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const [erased, kept] = [validRegistration(), validRegistration()];
    await send(app, erased, 'sv');
    await send(app, kept, 'sv');
    expect([await queuedFor(app, erased.email), await queuedFor(app, kept.email)]).toEqual([1, 1]);

    const said = await runStaffRequest(
      app.operations,
      { command: 'erase', email: erased.email },
      'staff-test',
    );
    expect(said.toString()).toBe('Erased 1 registration by email.\n');
    const [{ left }] = await app.operations.database.query<{ left: number }>(
      'SELECT count(*)::integer AS left FROM outbox',
    );
    expect(left).toBe(1);

    const inbox = await startSmtpServer(port);
    inboxes.push(inbox);
    await waitFor(() => messagesTo(inbox, kept.email)[0]);
    await sleep(pollingRoundsMs);

    expect(messagesTo(inbox, erased.email)).toEqual([]);
  });

  it('delivers a message queued before a restart once, after it', async () => {
    const dataDir = makeMigratedDataDir();
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
      10_000, // due half a second after the failure at most (a tenth of 5 s)
    );
    await sleep(pollingRoundsMs);

    expect(
      inbox.messages.filter((message) => message.text?.includes(values.firstName)),
    ).toHaveLength(1);
    const [{ queued }] = await second.operations.database.query<{ queued: number }>(
      'SELECT count(*)::integer AS queued FROM outbox',
    );
    expect(queued).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  const mailFiles = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'mail'));

  it('writes each confirmation as registration-<id>.eml in DATA_DIR/mail, for the server user alone', async () => {
    const dataDir = makeMigratedDataDir();
    const app = await startApp({ dataDir });
    const values = validRegistration();
    await send(app, values, 'en');

    const [file] = await waitFor(() => {
      const files = mailFiles(dataDir);
      return files.length > 0 ? files : undefined;
    });
    const message = await simpleParser(fs.readFileSync(path.join(dataDir, 'mail', file)));
    const [{ id }] = await app.operations.database.query<{ id: number }>(
      'SELECT id FROM registrations WHERE email = $1',
      [values.email],
    );

    expect(file).toBe(`registration-${id}.eml`);
    expect(fs.statSync(path.join(dataDir, 'mail', file)).mode & 0o777).toBe(0o600);
    expect(message.subject).toContain('Confirmation');
    expect(message.text).toContain(values.firstName);
  });

  it('never writes outside DATA_DIR/mail, whatever a stored row holds', async () => {
    const dataDir = makeMigratedDataDir();
    // A row as a database tampered with could hold it (its rule, migration 19's, dropped): a
    // reference that is a path.
    const database = await openTestDatabase(dataDir);
    await migrate(database);
    await database.query('ALTER TABLE registrations DROP CONSTRAINT registrations_reference_check');
    const values = validRegistration();
    await database.query(
      `WITH inserted AS (
         INSERT INTO registrations (${formColumns.join(', ')}, language, reference)
         VALUES (${formColumns.map((_, index) => `$${index + 1}`).join(', ')}, 'sv', $13)
         RETURNING id
       )
       INSERT INTO outbox (registration_id) SELECT id FROM inserted`,
      [...fieldNames.map((name) => values[name]), 'X/../../escaped'],
    );
    const app = await buildApp(testAppOptions({ dataDir, database }));
    const queued = async () =>
      (
        await database.query<{ queued: number }>('SELECT count(*)::integer AS queued FROM outbox')
      )[0].queued;
    const deadline = Date.now() + 20_000;
    while ((await queued()) > 0 && Date.now() < deadline) await sleep(50);
    const [{ id }] = await database.query<{ id: number }>('SELECT id FROM registrations');
    await app.close();
    await database.close();

    expect(fs.existsSync(path.join(dataDir, 'escaped.eml'))).toBe(false);
    expect(mailFiles(dataDir)).toEqual([`registration-${id}.eml`]);
  });

  it('deletes at start the files of registrations gone, whatever RETENTION_DAYS', async () => {
    const dataDir = makeMigratedDataDir();
    const app = await startApp({ dataDir, retentionDays: 0, deferWork: true });
    await send(app, validRegistration(), 'en');
    const [{ id }] = await app.operations.database.query<{ id: number }>(
      'SELECT id FROM registrations',
    );
    // One left by an erase that raced the outbox, and the stored one's, written before a restart.
    const mailDir = path.join(dataDir, 'mail');
    fs.mkdirSync(mailDir, { recursive: true });
    for (const fileId of [id, id + 1]) {
      fs.writeFileSync(path.join(mailDir, `registration-${fileId}.eml`), 'Subject: x\n\nx');
    }
    await app.startWork();

    expect(mailFiles(dataDir)).toEqual([`registration-${id}.eml`]);
  });

  it('refuses a file name that is not a registration id', async () => {
    const dataDir = makeTempDir('server-test-eml-');
    const transport = createMailTransport(undefined, dataDir);
    const message = { from: 'a@example.edu', to: 'b@example.edu', subject: 'x', text: 'x' };
    const names: unknown[] = [0, -1, 1.5, NaN, Infinity, 2 ** 53, '../escaped', '1/../../x'];

    const outcomes = await Promise.allSettled(
      names.map((name) => transport.send(message, name as number)),
    );
    transport.close();

    expect(outcomes.map((outcome) => outcome.status)).toEqual(names.map(() => 'rejected'));
    expect({ data: fs.readdirSync(dataDir), mail: mailFiles(dataDir) }).toEqual({
      data: ['mail'],
      mail: [],
    });
  });
});

describe('at most 3 confirmations for one address in 24 hours', () => {
  /** Registrations with names of their own, all for one address. */
  const forOneAddress = (count: number) => {
    const address = validRegistration().email;
    return Array.from({ length: count }, () => validRegistration({ email: address }));
  };

  it('stores and answers a 4th registration, sends it nothing, counts it and logs it without the address', async () => {
    const sent = forOneAddress(4);
    // The same address in another letter case is the same mailbox.
    sent[3].email = sent[3].email.toUpperCase();
    const inbox = await startSmtpServer();
    inboxes.push(inbox);
    const server = await startServer({
      entry: 'compiled',
      dataDir: makeMigratedDataDir(),
      env: { STATIC_DIR: makeStaticDir(), SMTP_URL: inbox.url },
    });
    try {
      const client = await connectGraphql(server.url);
      for (const values of sent) {
        expect(acknowledgedFirstName(await client.submit(values))).toBe(values.firstName);
      }

      await waitFor(() => (messagesTo(inbox, sent[0].email).length >= 3 ? true : undefined));
      await sleep(1500); // more than one polling round
      expect(messagesTo(inbox, sent[0].email).length).toBe(3);
      const stored = parseCsv(await exportCsv({ DATA_DIR: server.dataDir }, 'compiled'));
      expect(stored.map((row) => row.firstName).sort()).toEqual(
        sent.map((values) => values.firstName).sort(),
      );
      const metrics = await (await fetch(server.metricsUrl)).text();
      expect(metrics).toMatch(/^emails_suppressed_total\{reason="address_limit"\} 1$/m);
      expect(await server.stop()).toBe(0);

      const output = server.output();
      const events = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { securityEvent?: string })
        .filter((line) => line.securityEvent === 'confirmation-address-limit');
      expect(events).toHaveLength(1);
      expect(output.toLowerCase()).not.toContain(sent[0].email.split('@')[0]);
      for (const values of sent) expect(output).not.toContain(values.firstName);
    } finally {
      await server.dispose();
    }
  });

  it('counts the registrations of one batch, and only those of the past 24 hours', async () => {
    // Nobody listens there: the outbox keeps what is queued.
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    const burst = forOneAddress(5);
    const address = burst[0].email;
    const other = validRegistration();
    await Promise.all([...burst, other].map((values) => send(app, values, 'en')));

    expect(await queuedFor(app, address)).toBe(3);
    expect(await queuedFor(app, other.email)).toBe(1);
    const [{ stored }] = await app.operations.database.query<{ stored: number }>(
      'SELECT count(*)::integer AS stored FROM registrations WHERE email = $1',
      [address],
    );
    expect(stored).toBe(5);

    // Three of them a day and a minute old: two left in the window, room for one more.
    await app.operations.database.query(
      `UPDATE registrations SET created_at = now() - interval '24 hours 1 minute'
       WHERE id IN (SELECT id FROM registrations WHERE email = $1 ORDER BY id LIMIT 3)`,
      [address],
    );
    const [third, fourth] = forOneAddress(2).map((values) => ({ ...values, email: address }));
    await send(app, third, 'en');
    await send(app, fourth, 'en');
    expect(await queuedFor(app, address)).toBe(4);
  });
});

describe('one mailbox, however its address is written', () => {
  /** The addresses of the confirmations waiting in the outbox for `mailbox`'s local part. */
  async function queuedForMailbox(app: FastifyInstance, localPart: string): Promise<string[]> {
    const rows = await app.operations.database.query<{ email: string }>(
      'SELECT email FROM registrations WHERE id IN (SELECT registration_id FROM outbox)',
    );
    return rows
      .map((row) => row.email)
      .filter((email) => email.toLowerCase().split(/[+@]/)[0] === localPart);
  }

  it('counts victim+0@, VICTIM+1@ … as victim@: 3 confirmations in 24 hours between them', async () => {
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    const localPart = validRegistration().email.split('@')[0];
    const addresses = ['', '+0', '+1', '+x.y', '+'].map(
      (tag, index) => `${index % 2 ? localPart.toUpperCase() : localPart}${tag}@${emailDomain}`,
    );
    for (const email of addresses) await send(app, validRegistration({ email }), 'en');

    expect(await queuedForMailbox(app, localPart)).toHaveLength(3);
    const metrics = await app.metrics.registry.metrics();
    expect(metrics).toMatch(/^emails_suppressed_total\{reason="address_limit"\} 2$/m);
  });

  it('tells mailboxes apart that only share a beginning', async () => {
    const app = await startApp({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` });
    const localPart = validRegistration().email.split('@')[0];
    for (const suffix of ['a', 'b', 'c', 'd']) {
      const email = `${localPart}${suffix}@${emailDomain}`;
      await send(app, validRegistration({ email }), 'en');
    }

    const rows = await app.operations.database.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM outbox',
    );
    expect(rows[0].count).toBe(4);
  });
});

describe('at most CONFIRMATIONS_PER_HOUR confirmations in a clock hour', () => {
  it('stores every registration, queues confirmations up to the ceiling, and counts the rest', async () => {
    const app = await startApp({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      confirmationsPerHour: 2,
    });
    const sent = Array.from({ length: 5 }, () => validRegistration());
    await Promise.all(sent.map((values) => send(app, values, 'sv')));

    const count = async (table: string) =>
      (
        await app.operations.database.query<{ count: number }>(
          `SELECT count(*)::integer AS count FROM ${table}`,
        )
      )[0].count;
    expect(await count('registrations')).toBe(5);
    expect(await count('outbox')).toBe(2);
    const metrics = await app.metrics.registry.metrics();
    expect(metrics).toMatch(/^emails_suppressed_total\{reason="hourly_limit"\} 3$/m);
    expect(metrics).not.toMatch(/reason="address_limit"/);

    // The hour is over: the next one has room again.
    await app.operations.database.query(
      "UPDATE confirmations_queued SET hour = hour - interval '1 hour'",
    );
    await send(app, validRegistration(), 'sv');
    expect(await count('outbox')).toBe(3);
  });
});

describe('the greeting', () => {
  const compose = (firstName: string, language: Language) =>
    composeConfirmation(
      {
        firstName,
        degreeProgram: 'IT',
        reference: 'K7M2QX9P',
        language,
        createdAt: new Date('2026-01-15T10:00:00Z'),
      },
      { name: 'Example University', contactEmail: 'admissions@example.edu', timeZone: 'UTC' },
    );
  const firstLine = (text: string) => text.split('\n')[0];

  it.each([
    'Anna-Maria',
    "O'Neill",
    'Åsa Lind',
    'Anna Maria Sofia',
    'Zoë Łukasiewicz',
    'Ингрид',
    'Åsa'.normalize('NFD'), // Å as A and a combining ring
  ])('greets %s by name, in both languages and both parts', (firstName) => {
    const sv = compose(firstName, 'sv');
    const en = compose(firstName, 'en');

    expect(firstLine(sv.text)).toBe(`Hej ${firstName}!`);
    expect(firstLine(en.text)).toBe(`Hello ${firstName},`);
    expect(en.html).toContain(`<p>Hello ${firstName.replace("'", '&#x27;')},</p>`);
  });

  it.each([
    'urgent! Reset your login at evil-sso.example/edu',
    'Anna.',
    'www.example',
    'Anna/Berg',
    'Anna!',
    'Anna & Bo',
    'Anna+Bo',
    'Anna2',
    'Anna Maria Sofia Lind',
    'Anna  Maria',
    'Anna--Maria',
    '-Anna',
    "Anna'",
  ])('greets neutrally when the first name is %p', (firstName) => {
    const sv = compose(firstName, 'sv');
    const en = compose(firstName, 'en');

    expect(firstLine(sv.text)).toBe('Hej!');
    expect(firstLine(en.text)).toBe('Hello,');
    expect(en.html).toContain('<p>Hello,</p>');
    for (const part of [sv.text, sv.html, en.text, en.html]) {
      expect(part).not.toContain(firstName.replace(/&/g, '&amp;'));
    }
  });
});

describe('composing the confirmation', () => {
  it('escapes the stored values it shows in the HTML part', () => {
    const { html, text } = composeConfirmation(
      {
        firstName: 'Eve',
        // A programme the texts do not name is shown as stored.
        degreeProgram: '<b>Eve</b> & Co',
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

  it("lets the applicant's link wrap in the HTML part, so a phone does not scroll sideways", () => {
    const url = `http://localhost:8080/my/${'A'.repeat(43)}`;
    const { html } = composeConfirmation(
      {
        firstName: 'Eve',
        degreeProgram: 'IT',
        reference: 'K7M2QX9P',
        language: 'en',
        createdAt: new Date('2026-01-15T10:00:00Z'),
      },
      { name: 'Example University', contactEmail: 'admissions@example.edu', timeZone: 'UTC' },
      { url, days: 30 },
    );

    expect(html).toContain(`<a href="${url}" style="word-break:break-all">${url}</a>`);
    // A phone's mail app lays the message out at the phone's width, not a desktop's.
    expect(html).toContain(
      '<head><meta name="viewport" content="width=device-width, initial-scale=1"/></head>',
    );
  });
});

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(postgresUrl)('several instances on one PostgreSQL', () => {
  it('send each confirmation once between them', async () => {
    const database = await createThrowawayDatabase(postgresUrl!, 'outbox_test');
    try {
      const inbox = await startSmtpServer();
      inboxes.push(inbox);
      // A relay that takes its time: messages are in flight while the other instances look.
      inbox.acceptAfterMs = 300;
      const instances = await Promise.all(
        [1, 2, 3].map(() =>
          buildApp(
            testAppOptions({ ...fastOutbox, databaseUrl: database.url, smtpUrl: inbox.url }),
          ),
        ),
      );
      const sent = Array.from({ length: 30 }, () => validRegistration());
      await Promise.all(sent.map((values, index) => send(instances[index % 3], values, 'sv')));
      await waitFor(() => (inbox.messages.length >= sent.length ? true : undefined));
      await sleep(pollingRoundsMs);
      await Promise.all(instances.map((instance) => instance.close()));

      const recipients = inbox.messages.map((message) => message.text ?? '');
      for (const values of sent) {
        expect(recipients.filter((text) => text.includes(values.firstName))).toHaveLength(1);
      }
    } finally {
      await database.drop();
    }
  });

  it('queue at most 3 confirmations for one mailbox between them', async () => {
    const database = await createThrowawayDatabase(postgresUrl!, 'address_limit_test');
    try {
      // Nobody listens at their SMTP_URL: the outbox keeps what is queued.
      const instances = await Promise.all(
        [1, 2, 3].map(async () =>
          buildApp(
            testAppOptions({
              databaseUrl: database.url,
              smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
            }),
          ),
        ),
      );
      try {
        // One mailbox, written with a +tag of its own each time.
        const [localPart, domain] = validRegistration().email.split('@');
        const sent = Array.from({ length: 12 }, (_, index) =>
          validRegistration({ email: `${localPart}+${index}@${domain}` }),
        );
        await Promise.all(sent.map((values, index) => send(instances[index % 3], values, 'sv')));

        const [{ queued }] = await instances[0].operations.database.query<{ queued: number }>(
          'SELECT count(*)::integer AS queued FROM outbox',
        );
        expect(queued).toBe(3);
        const suppressed = await Promise.all(
          instances.map(
            async (instance) =>
              (await instance.metrics.emailsSuppressed.get()).values[0]?.value ?? 0,
          ),
        );
        expect(suppressed.reduce((sum, count) => sum + count)).toBe(9);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    } finally {
      await database.drop();
    }
  });
});

const hasFaketime = testTool('faketime', 'faked clock');

(hasFaketime ? describe : describe.skip)('the date received, on a faked clock', () => {
  // The server's machine runs on UTC; the date is the day it was in TIME_ZONE (Europe/Helsinki).
  const clocks = [
    ['sv', '2026-11-24 22:03:00', 'Tack för din anmälan, som vi tog emot den 25 november 2026.'], // 00:03, UTC+2
    ['en', '2026-06-30 21:30:00', 'We received your registration on 1 July 2026.'], // 00:30, UTC+3
  ] as const;
  /** A server on each faked clock, started side by side: a start is seconds of waiting. */
  const running = new Map<string, { server: RunningServer; inbox: Inbox }>();

  beforeAll(async () => {
    await Promise.all(
      clocks.map(async ([, utc]) => {
        const inbox = await startSmtpServer();
        inboxes.push(inbox);
        const server = await startServer({
          entry: 'compiled',
          dataDir: makeMigratedDataDir(),
          env: {
            STATIC_DIR: makeStaticDir(),
            SMTP_URL: inbox.url,
            TZ: 'UTC',
            // The clock starts at `utc` and runs on; timers keep the real monotonic clock.
            FAKETIME_DONT_FAKE_MONOTONIC: '1',
          },
          wrapper: ['faketime', '-f', `@${utc}`],
        });
        running.set(utc, { server, inbox });
      }),
    );
  });

  afterAll(() => Promise.all([...running.values()].map(({ server }) => server.dispose())));

  it.each(clocks)(
    'is the day in Helsinki (%s, registered at %s UTC)',
    async (language, utc, received) => {
      const { server, inbox } = running.get(utc)!;
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
    },
  );
});
