/**
 * The database of a bench run (scripts/bench-*.mjs): checked empty, filled with the run's
 * registrations, and on PostgreSQL left as it was given afterwards, so that the same database
 * serves run after run.
 */
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { pairAllDue } from '../server/db/duplicatePairing';

/**
 * Migrates the database, which must hold no registrations, and fills it by `fill`; resolves with
 * the audit log's last id before the run (for `emptyBenchDatabase`) and the seconds filling took.
 */
export async function fillBenchDatabase(
  database: Database,
  title: string,
  fill: (database: Database) => Promise<void>,
): Promise<{ lastAuditId: number; fillSeconds: number }> {
  await migrate(database);
  const [{ count, last }] = await database.query<{ count: number; last: number }>(
    `SELECT (SELECT count(*)::integer FROM registrations) AS count,
       (SELECT coalesce(max(id), 0) FROM audit_log) AS last`,
  );
  if (count > 0) {
    throw new Error(`${title}: the database holds ${count} registrations; give an empty one`);
  }
  const startedAt = performance.now();
  await fill(database);
  await pairAllDue(database);
  await database.query('ANALYZE registrations');
  return { lastAuditId: last, fillSeconds: (performance.now() - startedAt) / 1000 };
}

/** Deletes the run's registrations, the erasures that deleting records, and its audit entries. */
export async function emptyBenchDatabase(database: Database, lastAuditId: number) {
  const [{ first }] = await database.query<{ first: number | null }>(
    'SELECT min(id) AS first FROM registrations',
  );
  await database.query('DELETE FROM registrations');
  await database.query('DELETE FROM erasures WHERE id >= $1', [first ?? 0]);
  await database.query('DELETE FROM audit_log WHERE id > $1', [lastAuditId]);
}
