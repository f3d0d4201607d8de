/** @jest-environment node */
/**
 * The outbox's sender against a real SMTP server (smtp-server) in this process: one bad message
 * among good ones, the retry schedule, a relay that refuses for a while, SMTP_MAX_PER_MINUTE,
 * the claim lease and a batch whose links cannot be issued. Messages are queued in the database
 * before the app starts, as a burst, a restart or a restored backup leaves them.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import type { Database } from '../../server/db/database';
import { createRegistrationStore } from '../../server/db/registrations';
import { queueUpdatedMail } from '../../server/mail/applicantMail';
import type { RegistrationValues } from '../../src/contract/fields';
import { validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  openTestDatabase,
  removeTempDirs,
  makeMigratedDataDir,
} from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { waitFor } from '../../testing/waitFor';
import { testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const apps: FastifyInstance[] = [];
const inboxes: Inbox[] = [];
const databases: Database[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(inboxes.splice(0).map((inbox) => inbox.close()));
  await Promise.all(databases.splice(0).map((database) => database.close()));
});

afterAll(removeTempDirs);

async function startInbox() {
  const inbox = await startSmtpServer();
  inboxes.push(inbox);
  return inbox;
}

/** A fresh database with `count` registrations stored and their confirmations queued. */
async function databaseWithQueued(count: number) {
  const database = await openTestDatabase(makeMigratedDataDir());
  databases.push(database);
  const store = createRegistrationStore(database);
  const queued = Array.from({ length: count }, () => validRegistration());
  await Promise.all(queued.map((values) => store.save(values, 'sv')));
  return { database, queued };
}

/** The outbox looks every 100 ms and backs off for a fifth of the real delays (1 s first). */
const fastOutbox = { outboxTiming: { pollMs: 100, retryScale: 0.2 } } satisfies Partial<AppOptions>;

async function startApp(database: Database, overrides: Partial<AppOptions>) {
  const app = await buildApp(testAppOptions({ database, ...overrides }));
  apps.push(app);
  return app;
}

async function readMetric(app: FastifyInstance, name: string): Promise<number> {
  const metrics = await app.metrics.registry.metrics();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
}

/**
 * Waits until the counter reaches `count`. The inbox holds a message a moment before the relay's
 * answer reaches the sender, which counts it only then: waiting on the inbox alone races that.
 */
async function waitForCount(app: FastifyInstance, name: string, count: number) {
  await waitFor(async () => ((await readMetric(app, name)) >= count ? true : undefined));
}

/** How many of the inbox's messages went to each address. */
function copiesOf(inbox: Inbox, queued: RegistrationValues[]) {
  return queued.map(
    (values) => inbox.messages.filter((message) => message.text?.includes(values.firstName)).length,
  );
}

/** Seconds until each queued message is due, as the sender last set it. */
async function dueInSeconds(database: Database): Promise<number[]> {
  const rows = await database.query<{ due: number }>(
    'SELECT extract(epoch FROM next_attempt_at - now())::float8 AS due FROM outbox ORDER BY id',
  );
  return rows.map((row) => row.due);
}

describe('a message that cannot be composed', () => {
  it('fails alone, counted and backed off, and the rest of its batch is delivered', async () => {
    const { database, queued } = await databaseWithQueued(20);
    // A language the server has no texts for, as a database tampered with could hold it (its
    // rule, migration 19's, dropped): the sender must hold all the same.
    await database.query('ALTER TABLE registrations DROP CONSTRAINT registrations_language_check');
    await database.query("UPDATE registrations SET language = 'de' WHERE email = $1", [
      queued[9].email,
    ]);
    const inbox = await startInbox();
    const app = await startApp(database, { smtpUrl: inbox.url });

    await waitForCount(app, 'emails_failed_total', 1);
    await waitForCount(app, 'emails_sent_total', 19);

    expect(copiesOf(inbox, queued)).toEqual(queued.map((_, index) => (index === 9 ? 0 : 1)));
    expect(await readMetric(app, 'emails_failed_total')).toBe(1);
    expect(await readMetric(app, 'emails_sent_total')).toBe(19);
    const [due] = await dueInSeconds(database);
    expect(due).toBeGreaterThan(3);
    expect(due).toBeLessThanOrEqual(5);
  });
});

describe('a batch whose links cannot be issued (a registration erased meanwhile)', () => {
  it('is given back at once, not left to its lease, and then delivered once each with a link', async () => {
    const { database, queued } = await databaseWithQueued(5);
    // The batch's one statement fails the first time, as the erase's foreign key would fail it.
    // A sequence: its count outlives the failed statement, whose every other change is undone.
    await database.query('CREATE SEQUENCE link_statements');
    await database.query(`CREATE FUNCTION fail_links_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('link_statements') = 1 THEN
          RAISE EXCEPTION 'links refused once';
        END IF;
        RETURN NULL;
      END $$`);
    await database.query(`CREATE TRIGGER fail_links_once AFTER INSERT ON applicant_links
      FOR EACH STATEMENT EXECUTE FUNCTION fail_links_once()`);
    const inbox = await startInbox();
    const app = await startApp(database, {
      ...fastOutbox,
      smtpUrl: inbox.url,
      publicUrl: new URL('https://registration.example.fi/'),
    });

    // Within seconds: the lease (two minutes) would hold the batch back much longer.
    await waitForCount(app, 'emails_sent_total', 5);

    expect(copiesOf(inbox, queued)).toEqual([1, 1, 1, 1, 1]);
    expect(inbox.messages.every((message) => message.text?.includes('/my/'))).toBe(true);
    expect(await readMetric(app, 'emails_sent_total')).toBe(5);
    // Refused once, then one statement for the whole batch.
    const [{ statements }] = await database.query<{ statements: number }>(
      'SELECT last_value::integer AS statements FROM link_statements',
    );
    expect(statements).toBe(2);
  });
});

describe('a message the relay refuses for good (5xx)', () => {
  it('is retried 5 s after the first failure, then after twice as long each time, at most 10 minutes', async () => {
    const { database } = await databaseWithQueued(1);
    const inbox = await startInbox();
    inbox.refuse = () => 550;
    // The real schedule, read from the queue; only the polling that finds a message due is quick.
    const outboxTiming = { pollMs: fastOutbox.outboxTiming.pollMs, retryScale: 1 };
    const app = await startApp(database, { outboxTiming, smtpUrl: inbox.url });

    const delays: number[] = [];
    for (let failures = 1; failures <= 9; failures++) {
      await waitForCount(app, 'emails_failed_total', failures);
      const [due] = await dueInSeconds(database);
      // Read a moment after the failure: at most a second less than the delay set.
      delays.push(Math.ceil(due));
      // As if that wait were over: the sender's next polling round tries again.
      await database.query('UPDATE outbox SET next_attempt_at = now()');
    }

    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 320, 600, 600]);
    expect(inbox.messages).toHaveLength(0);
  });
});

describe('a relay that refuses for a while (4xx)', () => {
  it('slows the whole queue down instead of failing message after message, then delivers each once', async () => {
    const { database, queued } = await databaseWithQueued(20);
    const inbox = await startInbox();
    inbox.refuse = () => 451;
    const app = await startApp(database, { ...fastOutbox, smtpUrl: inbox.url });

    await waitFor(() => (inbox.attempts > 0 ? true : undefined));
    await sleep(800); // several polling rounds, within the first pause of 1 s
    const attemptsWhileRefused = inbox.attempts;
    inbox.refuse = () => undefined;
    await waitFor(() => (inbox.messages.length >= queued.length ? true : undefined), 30_000);
    await sleep(3 * fastOutbox.outboxTiming.pollMs); // time for a copy too many

    expect(attemptsWhileRefused).toBeLessThan(queued.length);
    expect(copiesOf(inbox, queued)).toEqual(queued.map(() => 1));
    // The sent leave the queue when their batch is over, however long a busy machine takes.
    await waitFor(async () => ((await readMetric(app, 'emails_queued')) === 0 ? true : undefined));
  });
});

describe('SMTP_MAX_PER_MINUTE', () => {
  it('paces sending: one message a second at 60', async () => {
    const { database, queued } = await databaseWithQueued(5);
    const inbox = await startInbox();
    await startApp(database, { smtpUrl: inbox.url, smtpMaxPerMinute: 60 });

    await waitFor(() => (inbox.messages.length >= queued.length ? true : undefined));

    // Unpaced, they all arrive within a second. The first may wait longer for its connection
    // than the others: half a second of room.
    const fastestMs = (queued.length - 1) * 1000 - 500;
    expect(inbox.arrivals[queued.length - 1] - inbox.arrivals[0]).toBeGreaterThanOrEqual(fastestMs);
    expect(copiesOf(inbox, queued)).toEqual(queued.map(() => 1));
  });

  it("paces the applicant's other mail too: a request to many leaves at the same pace", async () => {
    const { database, queued } = await databaseWithQueued(3);
    const ids = await database.query<{ id: number }>('SELECT id FROM registrations');
    for (const { id } of ids) await queueUpdatedMail(database, id, ['city']);
    const inbox = await startInbox();
    await startApp(database, { smtpUrl: inbox.url, smtpMaxPerMinute: 60 });

    const all = queued.length + ids.length;
    await waitFor(() => (inbox.messages.length >= all ? true : undefined));
    // One a second, the confirmations and the updates together.
    const fastestMs = (all - 1) * 1000 - 500;
    expect(inbox.arrivals[all - 1] - inbox.arrivals[0]).toBeGreaterThanOrEqual(fastestMs);
  });
});

describe('the claim lease', () => {
  it('keeps a message that one sender is still sending from another sharing the database', async () => {
    const { database, queued } = await databaseWithQueued(1);
    const inbox = await startInbox();
    // Longer than a polling round: the other sender looks while the message is in flight.
    inbox.acceptAfterMs = 5 * fastOutbox.outboxTiming.pollMs;
    await Promise.all([1, 2].map(() => startApp(database, { ...fastOutbox, smtpUrl: inbox.url })));

    await waitFor(() => (inbox.messages.length > 0 ? true : undefined));
    await sleep(inbox.acceptAfterMs + 3 * fastOutbox.outboxTiming.pollMs); // for a second copy

    expect(copiesOf(inbox, queued)).toEqual([1]);
  });
});
