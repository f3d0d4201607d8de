/**
 * The autovacuum PGlite lacks: its one backend has no background workers, so nothing ever analyses
 * or vacuums its tables. Without ANALYZE, PostgreSQL keeps the generic plans it chose for prepared
 * statements and SQL functions while the tables were a page or two: a scan of every registration
 * for each stored batch (in pair_registration_duplicates), and bench:load fell from 3,870 to 650
 * stored a second. Without VACUUM, the outbox's sent rows stay as dead rows that every claim reads again.
 *
 * Between the server's queries, once a second, each table past PostgreSQL's own autovacuum
 * thresholds (its settings, as a server's autovacuum reads them) is analysed or vacuumed.
 */
import type { DatabaseErrorLog, Queryable } from './database';

const checkEveryMs = 1_000;

/** PostgreSQL's rule: a threshold plus a fraction of the table's live rows. */
const past = (count: string, setting: string) =>
  `${count} > current_setting('autovacuum_${setting}_threshold')::float8
    + current_setting('autovacuum_${setting}_scale_factor')::float8 * n_live_tup`;

const tablesDue = `SELECT * FROM (
    SELECT format('%I.%I', schemaname, relname) AS name,
      ${past('n_mod_since_analyze', 'analyze')} AS needs_analyze,
      ${past('n_dead_tup', 'vacuum')} OR ${past('n_ins_since_vacuum', 'vacuum_insert')} AS needs_vacuum
    FROM pg_stat_user_tables
  ) AS tables WHERE needs_analyze OR needs_vacuum`;

async function tidyUp(db: Queryable): Promise<void> {
  const due = await db.query<{ name: string; needs_analyze: boolean; needs_vacuum: boolean }>(
    tablesDue,
  );
  for (const { name, needs_analyze: analyze, needs_vacuum: vacuum } of due) {
    await db.query(vacuum ? `VACUUM ${analyze ? '(ANALYZE) ' : ''}${name}` : `ANALYZE ${name}`);
  }
}

export interface Housekeeping {
  /** Waits for a round under way; starts no other. */
  stop(): Promise<void>;
}

/** `db` must run each query outside any transaction (VACUUM refuses to run inside one). */
export function startHousekeeping(db: Queryable, logError: DatabaseErrorLog): Housekeeping {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = tidyUp(db).catch(logError).finally(schedule);
    }, checkEveryMs);
    // A command that has finished its work does not wait for the next round.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
