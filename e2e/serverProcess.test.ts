import type { RegistrationValues } from '../src/contract/fields';
import { validValues } from '../testing/registrations';
import {
  databaseTimeoutMs,
  makeStaticDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from '../__tests__/server/support/fixtures';
import { migrate } from '../server/db/migrations';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildCreateOnboardingFormBody } from '../src/contract/onboardingQuery';
import { parseCsv } from '../testing/csv';
import { connectGraphql } from '../testing/graphqlClient';
import { exportCsv, startServer, type RunningServer } from '../testing/server';

jest.setTimeout(3 * databaseTimeoutMs);

afterAll(removeTempDirs);

/** The server from its sources (no build), logging every request. */
function startFromSource(dataDir: string) {
  return startServer({
    entry: 'source',
    dataDir,
    env: { STATIC_DIR: makeStaticDir(), LOG_LEVEL: 'info' },
  });
}

function registration(index: number): RegistrationValues {
  return { ...validValues, email: `student.${index}@example.edu` };
}

describe('the server process', () => {
  it('logs one line per request and no field of the form, and stops cleanly on SIGTERM', async () => {
    const server = await startFromSource(makeTempDir('server-test-logs-'));
    const client = await connectGraphql(server.url);
    const secret = {
      ...validValues,
      phoneNumber: '+358 44 9876543',
      email: 'hidden.person@example.edu',
    };
    const responses = await Promise.all([
      client.submit(secret),
      client.submit({ ...secret, city: 'C1ty' }),
      client.post('{"query": "mutation { x(email: \\"hidden.person@example.edu'),
      client.post(buildCreateOnboardingFormBody(secret), {
        headers: { ...client.headers, 'x-xsrf-token': 'forged' },
      }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 400, 400, 403]);
    // Mutation caught: logging request.url, query string and all.
    const withQuery = await fetch(`${server.url}/?email=hidden.person%40example.edu&p=9876543`);
    expect(withQuery.status).toBe(200);

    expect(await server.stop()).toBe(0);

    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The health checks made while waiting for the start are request lines too.
    const requestLines = lines.filter(
      (line) => line.msg === 'request completed' && line.path !== '/healthz',
    );
    expect(requestLines).toHaveLength(6); // GET /, four POSTs and GET / with a query
    for (const line of requestLines) {
      expect(Object.keys(line).sort()).toEqual([
        'hostname',
        'level',
        'method',
        'msg',
        'path',
        'pid',
        'reqId',
        'responseTime',
        'statusCode',
        'time',
      ]);
    }
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['shutting down', 'shut down']),
    );
    // The refused registration (C1ty) and the request without a token are security events,
    // with the client's address cut to its network.
    const events = lines.filter((line) => line.msg === 'security event');
    expect(
      events.map(({ securityEvent, client, path }) => ({ securityEvent, client, path })),
    ).toEqual(
      expect.arrayContaining([
        { securityEvent: 'registration-refused', client: '127.0.0.0/24', path: '/graphql' },
        { securityEvent: 'xsrf-token', client: '127.0.0.0/24', path: '/graphql' },
      ]),
    );
    for (const value of [
      '9876543',
      'hidden.person',
      'C1ty',
      validValues.lastName,
      validValues.address,
    ]) {
      expect(server.output()).not.toContain(value);
    }
  });

  // Mutation caught: logging the database error's message ({ err: error } or error.message).
  it('logs a failed store by its kind only: no form value, no database error text', async () => {
    const dataDir = makeTempDir('server-test-store-fails-');
    // A database that refuses every registration with an error quoting the row.
    const database = await openTestDatabase(dataDir);
    await migrate(database);
    await database.query(`
      CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by trigger: %', row_to_json(NEW)::text; END $$`);
    await database.query(
      'CREATE TRIGGER refuse BEFORE INSERT ON registrations FOR EACH ROW EXECUTE FUNCTION refuse()',
    );
    await database.close();

    const server = await startFromSource(dataDir);
    const client = await connectGraphql(server.url);
    const response = await client.submit(validValues);
    expect(await server.stop()).toBe(0);

    expect(response.status).toBe(500);
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'storing a registration failed' }),
    );
    const formValues = Object.values(validValues).filter((value) => typeof value === 'string');
    for (const text of [...formValues, 'refused by trigger']) {
      expect(server.output()).not.toContain(text);
    }
  });

  it('keeps every acknowledged submission through a SIGKILL mid-burst and a restart', async () => {
    const dataDir = makeTempDir('server-test-kill-');
    const server = await startFromSource(dataDir);
    const client = await connectGraphql(server.url);
    const acknowledged: string[] = [];
    let next = 0;

    // 16 clients submit one after another until the server dies under them.
    const clients = Array.from({ length: 16 }, async () => {
      for (;;) {
        const values = registration(next++);
        try {
          const response = await client.submit(values);
          if (response.status === 200) acknowledged.push(values.email);
        } catch {
          return; // connection refused or reset: the server is gone
        }
        if (acknowledged.length === 150) server.signal('SIGKILL');
      }
    });
    await Promise.all(clients);
    expect(await server.exited()).toBeNull();

    await server.start();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await server.stop()).toBe(0);

    const storedEmails = parseCsv(await exportCsv({ DATA_DIR: dataDir }, 'source')).map(
      (row) => row.email,
    );
    const timesStored = (email: string) => storedEmails.filter((stored) => stored === email).length;
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    // Every acknowledged submission exactly once: none lost, none stored twice.
    expect(acknowledged.filter((email) => timesStored(email) !== 1)).toEqual([]);
    expect(new Set(storedEmails).size).toBe(storedEmails.length);
  });

  describe('with a submission in flight (its body half sent) when the signal comes', () => {
    async function startHalfSentSubmission(server: RunningServer) {
      const { headers } = await connectGraphql(server.url);
      const body = JSON.stringify(buildCreateOnboardingFormBody(registration(1000)));
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n${body.slice(0, 20)}`);
      await sleep(300); // the server has begun the request
      return {
        finish: () => socket.write(body.slice(20)),
        answer: async () => {
          await closed;
          return answer;
        },
        destroy: () => socket.destroy(),
      };
    }

    // Mutation caught: closing the database before the requests in flight have finished.
    it('finishes it, then shuts down cleanly (SIGTERM)', async () => {
      const server = await startFromSource(makeTempDir('server-test-drain-'));
      const submission = await startHalfSentSubmission(server);
      server.signal('SIGTERM');
      await sleep(300);
      submission.finish();
      expect(await submission.answer()).toMatch(/^HTTP\/1\.1 200 /);
      expect(await server.exited()).toBe(0);
    });

    // Mutation caught: process.on instead of process.once for the signals.
    it('ends at once on a second Ctrl-C (SIGINT)', async () => {
      const server = await startFromSource(makeTempDir('server-test-twice-'));
      const submission = await startHalfSentSubmission(server);
      server.signal('SIGINT');
      await sleep(300);
      server.signal('SIGINT');
      expect(await server.exited()).toBeNull(); // ended by the signal itself
      submission.destroy();
    });
  });
});
