/** @jest-environment node */
/**
 * A server process killed with SIGKILL in the middle of a burst of webhook deliveries: no
 * shutdown, claimed deliveries left without an outcome. Another process on the same DATA_DIR
 * delivers the rest: none missing, and a repeat only as at-least-once allows (a delivery the
 * receiver took whose outcome the killed process never recorded), with the same webhook-id.
 */
import { createRegistrationStore } from '../server/db/registrations';
import { createWebhook } from '../server/webhooks/webhookStore';
import { newWebhookSecret } from '../server/webhooks/webhookSignature';
import { validRegistration } from '../testing/registrations';
import { fakedClock } from '../testing/fakedClock';
import { startServer } from '../testing/server';
import { isInstalled } from '../testing/testService';
import { waitFor } from '../testing/waitFor';
import { startWebhookReceiver } from '../testing/webhookReceiver';
import {
  makeStaticDir,
  openTestDatabase,
  removeTempDirs,
  makeMigratedDataDir,
} from '../__tests__/server/support/fixtures';

/** A burst long enough to be cut in the middle. */
const burst = 300;
/** The killed process's claims come due again when their lease (60 s) ends. */
const redeliveryLimitMs = 150_000;
/**
 * With libfaketime the restarted process's clock moves past that lease at once; without it (a
 * machine without the faketime package) the test waits the minute out.
 */
const clock = isInstalled('faketime') ? fakedClock() : undefined;
const leaseMinutes = 1;

jest.setTimeout(4 * 60_000);

afterAll(() => {
  removeTempDirs();
  clock?.dispose();
});

it('delivers every event of a burst cut by SIGKILL, a repeat only with the same webhook-id', async () => {
  const receiver = await startWebhookReceiver();
  receiver.secret = newWebhookSecret();
  const dataDir = makeMigratedDataDir();
  const database = await openTestDatabase(dataDir);
  await createWebhook(
    database,
    { url: receiver.url, events: ['registration.created'], programmes: 'all' },
    receiver.secret,
    'test',
  );
  // Queued with each registration, as the form's would be, before any server delivers them.
  const store = createRegistrationStore(database);
  for (let i = 0; i < burst; i += 1) await store.save(validRegistration(), 'sv');
  const references = await database.query<{ reference: string }>(
    'SELECT reference FROM registrations',
  );
  await database.close();

  const server = await startServer({
    entry: 'compiled',
    dataDir,
    env: { STATIC_DIR: makeStaticDir(), WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', ...clock?.env },
  });
  try {
    await waitFor(() => (receiver.received.length >= burst / 10 ? true : undefined));
    // Killed with deliveries sent and unanswered: claimed, with no outcome recorded.
    await receiver.hold();
    server.signal('SIGKILL');
    await server.exited();
    receiver.release();
    const beforeRestart = receiver.received.length;
    expect(beforeRestart).toBeLessThan(burst);

    await server.start();
    await clock?.advance(leaseMinutes + 1, server.url);
    const referencesReceived = () =>
      new Set(receiver.received.map((event) => String(event.payload.data.reference)));
    await waitFor(
      () => (referencesReceived().size === burst ? true : undefined),
      redeliveryLimitMs,
    );
  } finally {
    await server.dispose();
    await receiver.close();
  }

  expect(receiver.badSignatures).toBe(0);
  expect(receiver.received.every((event) => event.accepted)).toBe(true);
  const webhookIdsByReference = new Map<string, Set<string>>();
  for (const { webhookId, payload } of receiver.received) {
    const reference = String(payload.data.reference);
    webhookIdsByReference.set(
      reference,
      (webhookIdsByReference.get(reference) ?? new Set()).add(webhookId),
    );
  }
  expect([...webhookIdsByReference.keys()].sort()).toEqual(
    references.map(({ reference }) => reference).sort(),
  );
  // A repeat is the same event again: one webhook-id for each registration.
  expect([...webhookIdsByReference.values()].every((ids) => ids.size === 1)).toBe(true);
});
