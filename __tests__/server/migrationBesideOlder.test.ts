/** @jest-environment node */
/**
 * Migrating beside an older release on PostgreSQL: the older release's mail claim holds
 * applicant_mail and then reads registrations, while the migration, having altered registrations,
 * waits to alter applicant_mail. PostgreSQL ends the deadlock by failing the migration, which
 * is tried again and applies (the upgrade check met this, npm run test:upgrade).
 */
import { Client } from 'pg';
import type { Database } from '../../server/db/database';
import { applyMigrations, migrate, schemaVersion } from '../../server/db/migrations';
import { openDatabase } from '../../server/db/openDatabase';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import { waitFor } from '../../testing/waitFor';

const serverUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(serverUrl)('migrating beside an older release on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  let database: Database;
  let olderRelease: Client;
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, 'registrations_beside');
    database = await openDatabase({ dataDir: '', databaseUrl: throwaway.url }, (error) => {
      throw error;
    });
    await database.transaction((tx) => applyMigrations(tx, 22));
    olderRelease = new Client({ connectionString: throwaway.url });
    await olderRelease.connect();
  });
  afterAll(async () => {
    await olderRelease?.end();
    await database?.close();
    await throwaway?.drop();
  });

  it('applies every migration after a deadlock with the older release', async () => {
    // The older release is never the one PostgreSQL fails: it waits longer before it looks.
    await olderRelease.query("SET deadlock_timeout = '20s'");
    await olderRelease.query('BEGIN');
    await olderRelease.query('UPDATE applicant_mail SET attempts = attempts WHERE false');
    const migrated = migrate(database);
    const waitingForMail = () =>
      olderRelease.query(
        `SELECT FROM pg_locks WHERE NOT granted AND mode = 'AccessExclusiveLock'
           AND relation = 'applicant_mail'::regclass`,
      );
    await waitFor(async () => ((await waitingForMail()).rowCount ? true : undefined));
    await olderRelease.query('SELECT count(*) FROM registrations');
    await olderRelease.query('COMMIT');

    const { applied } = await migrated;
    expect(applied.at(-1)?.version).toBe(schemaVersion);
    expect(applied[0].version).toBe(23);
  });
});
