/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/openDatabase';
import { migrate, schemaVersions } from '../../server/db/migrations';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { validValues } from '../../testing/registrations';
import { exportCsv } from '../../testing/server';
import { countRegistrations, removeTempDirs } from './support/fixtures';
import { buildApp } from '../../server/app';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';

/** .ci/run starts a throwaway PostgreSQL server and sets this (see .ci/postgres.sh). */
const serverUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(serverUrl)('on a PostgreSQL server (DATABASE_URL)', () => {
  let throwaway: ThrowawayDatabase;
  let databaseUrl: string;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const admin = <Row>(sql: string) => throwaway.admin<Row>(sql);

  function open() {
    return openDatabase({ dataDir: '', databaseUrl }, (error) => {
      throw error;
    });
  }

  /** An app instance of its own, as behind a load balancer, on the shared database. */
  async function startInstance() {
    const app = await buildApp(testAppOptions({ databaseUrl }));
    apps.push(app);
    return { app, token: await getXsrfToken(app) };
  }

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, 'registrations_test');
    databaseUrl = throwaway.url;
    database = await open();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.close();
    await throwaway?.drop();
    removeTempDirs();
  });

  it('runs the migrations once when several instances start together', async () => {
    const instances = await Promise.all([open(), open(), open()]);
    await Promise.all(instances.map((instance) => migrate(instance)));
    await Promise.all(instances.map((instance) => instance.close()));

    expect(await database.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
      schemaVersions.map((version) => ({ version })),
    );
  });

  it('stores the SPA request, and an identical one sent to two instances at once only once', async () => {
    await database.query('DELETE FROM registrations');
    const first = await startInstance();
    const second = await startInstance();

    const responses = await Promise.all([
      postGraphql(first.app, first.token, buildCreateOnboardingFormBody(validValues)),
      postGraphql(second.app, second.token, buildCreateOnboardingFormBody(validValues)),
      postGraphql(first.app, first.token, buildCreateOnboardingFormBody(validValues)),
    ]);

    for (const response of responses) {
      expect(response.json()).toEqual({ data: { createOnboardingForm: validValues } });
    }
    expect(await countRegistrations(database)).toBe(1);
  });

  it('stores nothing for an invalid submission', async () => {
    const { app, token } = await startInstance();
    const before = await countRegistrations(database);

    const response = await postGraphql(
      app,
      token,
      buildCreateOnboardingFormBody({ ...validValues, terms: false }),
    );

    expect(response.statusCode).toBe(400);
    expect(await countRegistrations(database)).toBe(before);
  });

  // The CI cluster runs with synchronous_commit=off (.ci/postgres.sh): the server must turn it on.
  // Mutation caught: the pool without its synchronous_commit option.
  it('commits synchronously, whatever the server default', async () => {
    const [{ setting }] = await admin<{ setting: string }>(
      "SELECT setting FROM pg_settings WHERE name = 'synchronous_commit'",
    );
    const [session] = await database.query<{ synchronous_commit: string }>(
      'SHOW synchronous_commit',
    );
    expect({ serverDefault: setting, session: session.synchronous_commit }).toEqual({
      serverDefault: 'off',
      session: 'on',
    });
  });

  it('answers /healthz with 200', async () => {
    const { app } = await startInstance();

    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('exports the stored registrations with npm run export', async () => {
    await database.query('DELETE FROM registrations');
    const { app, token } = await startInstance();
    const exported = {
      ...validValues,
      firstName: 'Exporterad',
      email: `export.${validValues.email}`,
    };
    const stored = await postGraphql(app, token, buildCreateOnboardingFormBody(exported));
    expect(stored.statusCode).toBe(200);

    const csv = await exportCsv({ DATABASE_URL: databaseUrl }, 'compiled');

    const [header, row, end] = csv.split('\r\n');
    expect(header).toMatch(/^\uFEFFid,reference,createdAt,language,firstName,/);
    expect(row).toContain(`,${exported.firstName},`);
    expect(row).toContain(`,${exported.email},`);
    expect(end).toBe('');
  });
});
