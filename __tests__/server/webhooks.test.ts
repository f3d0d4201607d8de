/** @jest-environment node */
/**
 * Webhooks through the staff API and a real receiver in the test process, which verifies every
 * signature with the secret the API answered: registration.created, .updated and .erased as
 * they happen, retried with the same webhook-id after an outage, given back when the server
 * stops mid-delivery and sent after the restart, once; URLs refused; two instances on PostgreSQL
 * deliver each event once. The retry schedule runs a thousand times faster here.
 */
import type { LookupAddress } from 'node:dns';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { retryDelaysSeconds } from '../../server/webhooks/retrySchedule';
import { systemResolver, type HostResolver } from '../../server/webhooks/webhookUrls';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type { CreatedWebhook, Webhook } from '../../src/contract/webhookApiSchemas';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhookReceiver';
import { waitFor } from '../../testing/waitFor';
import { emailDomain, validValues } from '../../testing/registrations';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase } from '../../testing/throwawayDatabase';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

let provider: LocalProvider;
let receiver: WebhookReceiver;

/**
 * What the test's names resolve to, one answer a lookup, the last one kept; any other name as
 * the system resolves it. Given to the app's sender (and the staff API's check) as its resolver.
 */
const answers = new Map<string, LookupAddress[][]>();
/** The names looked up through `answers`, in order. */
const resolved: string[] = [];
const resolve: HostResolver = async (host) => {
  const queue = answers.get(host);
  if (!queue) return systemResolver(host);
  resolved.push(host);
  return queue.length > 1 ? queue.shift()! : queue[0];
};
const v4 = (address: string): LookupAddress => ({ address, family: 4 });

const fast: Partial<AppOptions> = {
  // receiver.test: a listed name, which the test's resolver answers 127.0.0.1.
  webhookAllowedHosts: ['127.0.0.1', 'receiver.test'],
  webhookTiming: { pollMs: 20, retryScale: 0.001 },
  webhookResolve: resolve,
};

const appOn = (database: Partial<AppOptions>) =>
  buildApp(
    testAppOptions({
      ...database,
      ...fast,
      staffConsole: readStaffConsoleSettings(provider.settings),
    }),
  );

async function send(
  app: FastifyInstance,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  // The staff's XSRF token is bound to their session.
  const token = await getXsrfToken(app, cookie);
  return app.inject({
    method: method as 'POST',
    url,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

let applicants = 0;

/** Sends the form as a new applicant; resolves with the registration's id and reference. */
async function register(app: FastifyInstance, values: Partial<RegistrationValues> = {}) {
  const email = `applicant${(applicants += 1)}@${emailDomain}`;
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({ ...validValues, email, ...values });
  expect((await postGraphql(app, token, body)).statusCode).toBe(200);
  return email;
}

/** Registers the receiver as an endpoint; its secret goes to the receiver. */
async function createEndpoint(
  app: FastifyInstance,
  admin: string,
  body: Record<string, unknown> = {},
) {
  const answer = await send(app, 'POST', '/staff/api/webhooks', admin, {
    url: receiver.url,
    events: ['registration.created', 'registration.updated', 'registration.erased'],
    programmes: 'all',
    ...body,
  });
  expect(answer.statusCode).toBe(201);
  const { id, secret } = answer.json<CreatedWebhook>();
  receiver.secret = secret;
  return id;
}

/** Waits until `holds` is true. */
const until = (holds: () => boolean, limitMs?: number) =>
  waitFor(() => (holds() ? true : undefined), limitMs);

const accepted = (type: string, reference: string) =>
  receiver.received.filter(
    (event) =>
      event.accepted && event.payload.type === type && event.payload.data.reference === reference,
  );

beforeAll(async () => {
  provider = await startLocalProvider('http://localhost');
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await provider?.stop();
  removeTempDirs();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.badSignatures = 0;
});

describe('webhooks on PGlite', () => {
  let database: Database;
  let app: FastifyInstance;
  let admin: string;
  let endpointId: number;

  /** Sends the form; resolves with the registration's reference. */
  async function registered(values: Partial<RegistrationValues> = {}) {
    const email = await register(app, values);
    const [{ reference }] = await database.query<{ reference: string }>(
      'SELECT reference FROM registrations WHERE email = $1',
      [email],
    );
    return reference;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await appOn({ database });
    admin = await signIn(app, 'admin');
    endpointId = await createEndpoint(app, admin);
  }, 4 * databaseTimeoutMs);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sends registration.created, signed, without personal data', async () => {
    const reference = await registered();
    await until(() => accepted('registration.created', reference).length === 1);
    const [event] = accepted('registration.created', reference);
    expect(event.payload).toEqual({
      type: 'registration.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { id: expect.any(Number), reference, degreeProgram: validValues.degreeProgram },
    });
    expect(event.webhookId).toMatch(/^msg_/);
    expect(receiver.badSignatures).toBe(0);
  });

  it('retries with the same webhook-id while the receiver is down', async () => {
    receiver.failNext(3);
    const reference = await registered();
    await until(() => accepted('registration.created', reference).length === 1, 10_000);
    const tries = receiver.received.filter((event) => event.payload.data.reference === reference);
    expect(tries.map((event) => event.accepted)).toEqual([false, false, false, true]);
    expect(new Set(tries.map((event) => event.webhookId)).size).toBe(1);
    // Each try waits its turn in the schedule (scaled as `fast` says).
    tries.slice(1).forEach((event, index) => {
      const due = retryDelaysSeconds[index] * 1000 * fast.webhookTiming!.retryScale!;
      expect(event.at - tries[index].at).toBeGreaterThanOrEqual(0.9 * due);
    });

    const list = (await send(app, 'GET', '/staff/api/webhooks', admin)).json<{
      items: Webhook[];
    }>();
    const delivery = list.items[0].recentDeliveries.find((item) => item.reference === reference)!;
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 4, lastStatus: 204 });

    // Sent again by hand: the same webhook-id, so that the receiver can tell.
    const retry = `/staff/api/webhooks/${endpointId}/deliveries/${delivery.id}/retry`;
    expect((await send(app, 'POST', retry, admin)).statusCode).toBe(202);
    await until(() => accepted('registration.created', reference).length === 2);
    expect(accepted('registration.created', reference)[1].webhookId).toBe(delivery.messageId);
  });

  it('sends registration.updated on a change and registration.erased on an erase, in order', async () => {
    const reference = await registered();
    const [{ id }] = await database.query<{ id: number }>(
      'SELECT id FROM registrations WHERE reference = $1',
      [reference],
    );
    const change = await send(app, 'POST', '/staff/api/registrations/bulk', admin, {
      ids: [id],
      set: { state: 'in-progress' },
    });
    expect(change.statusCode).toBeLessThan(300);
    const opened = await send(app, 'GET', `/staff/api/registrations/${id}`, admin);
    const corrected = await send(
      app,
      'PATCH',
      `/staff/api/registrations/${id}`,
      admin,
      { state: 'waiting' },
      { 'if-match': opened.headers.etag as string },
    );
    expect(corrected.statusCode).toBe(200);
    const erase = await send(app, 'DELETE', `/staff/api/registrations/${id}`, admin, {
      reason: 'Asked to be erased',
    });
    expect(erase.statusCode).toBe(204);
    await until(() => accepted('registration.erased', reference).length === 1);
    expect(
      receiver.received
        .filter((event) => event.payload.data.reference === reference)
        .map((event) => event.payload.type),
    ).toEqual([
      'registration.created',
      'registration.updated',
      'registration.updated',
      'registration.erased',
    ]);
  });

  it('refuses URLs deliveries may not go to, and non-admins', async () => {
    const refused = async (url: string) =>
      (
        await send(app, 'POST', '/staff/api/webhooks', admin, {
          url,
          events: ['registration.created'],
          programmes: 'all',
        })
      ).statusCode;
    expect(await refused('http://sis.example.org/hooks')).toBe(422);
    expect(await refused('https://localhost/hooks')).toBe(422);
    expect(await refused('https://10.1.2.3/hooks')).toBe(422);
    expect(await refused('https://[::1]/hooks')).toBe(422);
    // Link-local: a cloud's metadata service.
    expect(await refused('https://169.254.169.254/latest/meta-data')).toBe(422);
    expect(await refused('ftp://sis.example.org/')).toBe(422);

    const coordinator = await signIn(app, 'coordinator');
    expect((await send(app, 'GET', '/staff/api/webhooks', coordinator)).statusCode).toBe(403);
  });

  it('sends only the programmes an endpoint asks for, and nothing after it is deleted', async () => {
    expect((await send(app, 'DELETE', `/staff/api/webhooks/${endpointId}`, admin)).statusCode).toBe(
      204,
    );
    const only = await createEndpoint(app, admin, {
      programmes: ['IT'],
      events: ['registration.created'],
    });
    const other = await registered({ degreeProgram: 'MIDS' });
    const theirs = await registered({ degreeProgram: 'IT' });
    await until(() => accepted('registration.created', theirs).length === 1);
    expect(accepted('registration.created', other)).toEqual([]);
    expect((await send(app, 'DELETE', `/staff/api/webhooks/${only}`, admin)).statusCode).toBe(204);
    expect((await send(app, 'DELETE', `/staff/api/webhooks/${only}`, admin)).statusCode).toBe(404);
  });

  it('connects to the address it checked: a name that rebinds to loopback reaches nothing', async () => {
    // A receiver of its own, so that any connection to it counts.
    const inside = await startWebhookReceiver();
    try {
      // Public when the staff API checks the URL, then loopback (DNS rebinding), and the answer
      // to every lookup after that.
      answers.set('rebind.test', [[v4('93.184.216.34')], [v4('127.0.0.1')]]);
      const port = new URL(inside.url).port;
      const endpoint = await createEndpoint(app, admin, {
        url: `https://rebind.test:${port}/hooks`,
        events: ['registration.created'],
      });
      const reference = await registered();
      const deliveryOf = async () => {
        const list = (await send(app, 'GET', '/staff/api/webhooks', admin)).json<{
          items: Webhook[];
        }>();
        const mine = list.items.find((item) => item.id === endpoint)!;
        return mine.recentDeliveries.find((item) => item.reference === reference);
      };
      const delivery = await waitFor(async () => {
        const found = await deliveryOf();
        return found?.lastError ? found : undefined;
      });
      expect(delivery.lastError).toBe(
        'refused: the host rebind.test is at an address that is not public (127.0.0.1); ' +
          'list it in WEBHOOK_ALLOWED_HOSTS',
      );
      expect(resolved.filter((host) => host === 'rebind.test').length).toBeGreaterThanOrEqual(2);
      expect(inside.connections).toBe(0);
      expect(inside.received).toEqual([]);
      expect((await send(app, 'DELETE', `/staff/api/webhooks/${endpoint}`, admin)).statusCode).toBe(
        204,
      );
    } finally {
      answers.delete('rebind.test');
      await inside.close();
    }
  });

  it('connects to the address a listed name resolves to', async () => {
    answers.set('receiver.test', [[v4('127.0.0.1')]]);
    const port = new URL(receiver.url).port;
    const endpoint = await createEndpoint(app, admin, {
      url: `http://receiver.test:${port}/hooks`,
      events: ['registration.created'],
    });
    const reference = await registered();
    await until(() => accepted('registration.created', reference).length === 1);
    expect(resolved).toContain('receiver.test');
    expect((await send(app, 'DELETE', `/staff/api/webhooks/${endpoint}`, admin)).statusCode).toBe(
      204,
    );
    answers.delete('receiver.test');
  });

  it('sends registration.erased to a webhook of the old programme alone when a registration moves to another', async () => {
    const mids = await startWebhookReceiver();
    try {
      const itEndpoint = await createEndpoint(app, admin, { programmes: ['IT'] });
      // A second endpoint, for MIDS, on a receiver of its own (with its own secret).
      const answer = await send(app, 'POST', '/staff/api/webhooks', admin, {
        url: mids.url,
        events: ['registration.created', 'registration.updated', 'registration.erased'],
        programmes: ['MIDS'],
      });
      expect(answer.statusCode).toBe(201);
      const midsEndpoint = answer.json<CreatedWebhook>().id;
      mids.secret = answer.json<CreatedWebhook>().secret;

      const reference = await registered({ degreeProgram: 'IT' });
      await until(() => accepted('registration.created', reference).length === 1);
      const [{ id }] = await database.query<{ id: number }>(
        'SELECT id FROM registrations WHERE reference = $1',
        [reference],
      );
      const opened = await send(app, 'GET', `/staff/api/registrations/${id}`, admin);
      const corrected = await send(
        app,
        'PATCH',
        `/staff/api/registrations/${id}`,
        admin,
        { fields: { degreeProgram: 'MIDS' } },
        { 'if-match': opened.headers.etag as string },
      );
      expect(corrected.statusCode).toBe(200);

      await until(() => accepted('registration.erased', reference).length === 1);
      // As an erasure's, with the programme the endpoint knew it by: nothing about the new one.
      expect(accepted('registration.erased', reference)[0].payload).toEqual({
        type: 'registration.erased',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { id, reference, degreeProgram: 'IT' },
      });
      expect(receiver.badSignatures).toBe(0);
      // The new programme's endpoint hears of a change, not of an erasure.
      await until(() =>
        mids.received.some(
          (event) =>
            event.payload.type === 'registration.updated' &&
            event.payload.data.reference === reference,
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        mids.received
          .filter((event) => event.payload.data.reference === reference)
          .map((event) => [event.payload.type, event.payload.data.degreeProgram]),
      ).toEqual([['registration.updated', 'MIDS']]);
      expect(
        receiver.received
          .filter((event) => event.payload.data.reference === reference)
          .map((event) => event.payload.type),
      ).toEqual(['registration.created', 'registration.erased']);
      for (const endpoint of [itEndpoint, midsEndpoint]) {
        const deleted = await send(app, 'DELETE', `/staff/api/webhooks/${endpoint}`, admin);
        expect(deleted.statusCode).toBe(204);
      }
    } finally {
      await mids.close();
    }
  });

  it('gives a delivery under way back when the server stops, and sends it after the restart, once', async () => {
    const endpoint = await createEndpoint(app, admin);
    const held = receiver.hold();
    const reference = await registered();
    await held;
    await app.close();
    receiver.release();
    app = await appOn({ database });
    admin = await signIn(app, 'admin');
    await until(() => accepted('registration.created', reference).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(accepted('registration.created', reference)).toHaveLength(1);
    await send(app, 'DELETE', `/staff/api/webhooks/${endpoint}`, admin);
  });
});

const serverUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(serverUrl)('webhooks on a PostgreSQL server shared by two instances', () => {
  it('delivers each event once', async () => {
    const throwaway = await createThrowawayDatabase(serverUrl!, 'webhooks_test');
    const first = await appOn({ databaseUrl: throwaway.url });
    const second = await appOn({ databaseUrl: throwaway.url });
    try {
      await createEndpoint(first, await signIn(first, 'admin'), {
        events: ['registration.created'],
      });
      const references = await Promise.all(
        Array.from({ length: 40 }, (_, index) => register(index % 2 ? first : second)),
      );
      await until(() => receiver.received.length >= references.length, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = receiver.received.map((event) => event.webhookId);
      expect(new Set(ids).size).toBe(references.length);
      expect(ids).toHaveLength(references.length);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await throwaway.drop();
    }
  });
});
