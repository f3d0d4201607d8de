/** @jest-environment node */
/**
 * Migrating beside an older release on PostgreSQL: the older release's mail claim holds
 * applicant_mail and then reads registrations, while the migration, having altered registrations,
 * waits to alter applicant_mail. PostgreSQL ends the deadlock by failing the migration, which
 * is tried again and applies (the upgrade check met this, npm run test:upgrade).
 */
import { setTimeout as sleep } from 'node:timers/promises';
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
  beforeEach(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, 'registrations_beside');
    database = await openDatabase({ dataDir: '', databaseUrl: throwaway.url }, (error) => {
      throw error;
    });
    await database.transaction((tx) => applyMigrations(tx, 22));
    olderRelease = new Client({ connectionString: throwaway.url });
    await olderRelease.connect();
  });
  afterEach(async () => {
    await olderRelease?.end();
    await database?.close();
    await throwaway?.drop();
  });

  /**
   * The older release's transaction locks `first` and then `then`, as it writes to both, while
   * the migrations of 23 and later (which alter both) run; resolves with what they applied.
   */
  async function migrateBeside(first: string, then: string) {
    // The older release is never the one PostgreSQL fails: it waits longer before it looks.
    await olderRelease.query("SET deadlock_timeout = '20s'");
    await olderRelease.query('BEGIN');
    await olderRelease.query(`LOCK TABLE ${first} IN ROW EXCLUSIVE MODE`);
    const migrated = migrate(database);
    const migrationWaits = () =>
      olderRelease.query(`SELECT FROM pg_locks WHERE NOT granted AND mode = 'AccessExclusiveLock'`);
    await waitFor(async () => ((await migrationWaits()).rowCount ? true : undefined));
    await olderRelease.query(`LOCK TABLE ${then} IN ROW EXCLUSIVE MODE`);
    await olderRelease.query('COMMIT');
    return (await migrated).applied.map(({ version }) => version);
  }

  /** The deadlocks PostgreSQL has detected in the database (counted within a second or so). */
  async function deadlocks() {
    await olderRelease.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await olderRelease.query<{ deadlocks: string }>(
      'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].deadlocks);
  }

  it("waits for the older release's mail claim (applicant_mail, then registrations)", async () => {
    const before = await deadlocks();
    const applied = await migrateBeside('applicant_mail', 'registrations');
    expect(applied[0]).toBe(23);
    expect(applied.at(-1)).toBe(schemaVersion);
    await sleep(2_000);
    expect(await deadlocks()).toBe(before);
  });

  it("tries again after a deadlock with the older release's correction (the other order)", async () => {
    const before = await deadlocks();
    const applied = await migrateBeside('registrations', 'applicant_mail');
    expect(applied[0]).toBe(23);
    expect(applied.at(-1)).toBe(schemaVersion);
    await waitFor(async () => ((await deadlocks()) > before ? true : undefined), 5_000);
  });
});
