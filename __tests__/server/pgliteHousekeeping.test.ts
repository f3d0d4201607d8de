/** @jest-environment node */
/**
 * PGlite has no autovacuum: the embedded database analyses and vacuums its own tables
 * (server/db/pgliteHousekeeping.ts), so that a plan made while a table was small does not outlive
 * the table's growth, and deleted rows do not stay behind.
 */
import type { Database } from '../../server/db/database';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.query(
    'CREATE TABLE readings (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, sensor text)',
  );
  await database.query('CREATE INDEX readings_sensor ON readings (sensor)');
});

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

interface TableActivity {
  last_analyze: Date | null;
  last_vacuum: Date | null;
  n_dead_tup: number;
}

const activity = async () =>
  (
    await database.query<TableActivity>(
      `SELECT last_analyze, last_vacuum, n_dead_tup::integer FROM pg_stat_user_tables
      WHERE relname = 'readings'`,
    )
  )[0];

const planOfBySensor = async () =>
  (await database.query<{ 'QUERY PLAN': string }>("EXPLAIN EXECUTE by_sensor('sensor 7')"))
    .map((line) => line['QUERY PLAN'])
    .join('\n');

it('plans a prepared statement anew once the table it reads has grown', async () => {
  await database.query("INSERT INTO readings (sensor) VALUES ('first'), ('second'), ('third')");
  await database.query('ANALYZE readings');
  const analysedSmall = (await activity()).last_analyze!.getTime();
  await database.query('PREPARE by_sensor(text) AS SELECT id FROM readings WHERE sensor = $1');
  // After five runs PostgreSQL keeps one generic plan: made while the table was a page, it reads
  // every row.
  for (let run = 0; run < 6; run++) await database.query("EXECUTE by_sensor('sensor 7')");
  expect(await planOfBySensor()).toMatch(/Seq Scan on readings/);

  await database.query(
    "INSERT INTO readings (sensor) SELECT 'sensor ' || n FROM generate_series(1, 20000) AS n",
  );

  await waitFor(async () => {
    const analysed = (await activity()).last_analyze!.getTime();
    return analysed > analysedSmall ? analysed : undefined;
  }, 10_000);
  expect(await planOfBySensor()).toMatch(
    /Index Scan using readings_sensor|Bitmap Index Scan on readings_sensor/,
  );
});

it('vacuums away the rows a table has deleted', async () => {
  const before = (await activity()).last_vacuum?.getTime() ?? 0;
  await database.query("DELETE FROM readings WHERE sensor LIKE 'sensor 1%'");

  const after = await waitFor(async () => {
    const now = await activity();
    return (now.last_vacuum?.getTime() ?? 0) > before ? now : undefined;
  }, 10_000);
  expect(after.n_dead_tup).toBe(0);
});
