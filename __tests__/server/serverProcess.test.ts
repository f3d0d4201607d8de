/** @jest-environment node */
import { buildCreateOnboardingFormBody } from '../../src/api/onboardingQuery';
import type { RegistrationValues } from '../../src/features/registration/fields';
import { validValues } from '../support/values';
import { databaseTimeoutMs, makeStaticDir, makeTempDir, removeTempDirs } from './support/fixtures';
import { exportCsv, fetchXsrfToken, postJson, startServerProcess } from './support/serverProcess';

jest.setTimeout(3 * databaseTimeoutMs);

afterAll(removeTempDirs);

function serverEnv(dataDir: string) {
  return { DATA_DIR: dataDir, STATIC_DIR: makeStaticDir(), RATE_LIMIT_PER_MINUTE: '0' };
}

function registration(index: number): RegistrationValues {
  return { ...validValues, email: `student.${index}@example.edu` };
}

describe('the server process', () => {
  it('logs one line per request and no field of the form, and stops cleanly on SIGTERM', async () => {
    const server = await startServerProcess(serverEnv(makeTempDir('server-test-logs-')));
    const token = await fetchXsrfToken(server.url);
    const secret = {
      ...validValues,
      phoneNumber: '+358 44 9876543',
      email: 'hidden.person@example.edu',
    };
    const responses = await Promise.all([
      postJson(server.url, token, JSON.stringify(buildCreateOnboardingFormBody(secret))),
      postJson(
        server.url,
        token,
        JSON.stringify(buildCreateOnboardingFormBody({ ...secret, city: 'C1ty' })),
      ),
      postJson(server.url, token, '{"query": "mutation { x(email: \\"hidden.person@example.edu'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 400, 400]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines).toHaveLength(4); // GET / and three POSTs
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

  it('keeps every acknowledged submission through a SIGKILL mid-burst and a restart', async () => {
    const dataDir = makeTempDir('server-test-kill-');
    const server = await startServerProcess(serverEnv(dataDir));
    const token = await fetchXsrfToken(server.url);
    const acknowledged: string[] = [];
    let next = 0;

    // 16 clients submit one after another until the server dies under them.
    const clients = Array.from({ length: 16 }, async () => {
      for (;;) {
        const values = registration(next++);
        try {
          const response = await postJson(
            server.url,
            token,
            JSON.stringify(buildCreateOnboardingFormBody(values)),
          );
          if (response.status === 200) acknowledged.push(values.email);
        } catch {
          return; // connection refused or reset: the server is gone
        }
        if (acknowledged.length === 150) server.child.kill('SIGKILL');
      }
    });
    await Promise.all(clients);
    expect(await server.exited).toBeNull();

    const restarted = await startServerProcess(serverEnv(dataDir));
    const health = await fetch(`${restarted.url}/healthz`);
    expect(health.status).toBe(200);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    const stored = new Set(
      (await exportCsv({ DATA_DIR: dataDir })).split('\r\n').map((row) => row.split(',')[6]),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});
