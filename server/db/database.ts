/**
 * The little the server needs from a database. Two implementations speak the same SQL: PGlite
 * (embedded, the default) and a PostgreSQL server through a `pg` pool.
 */
import type { StorageConfig } from '../config';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` inside BEGIN … COMMIT, rolling back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the database reports problems that happen outside any query (a dropped pool client). */
export type DatabaseErrorLog = (error: Error) => void;

export function openDatabase(
  storage: StorageConfig,
  logError: DatabaseErrorLog,
): Promise<Database> {
  return storage.databaseUrl
    ? openPostgres(storage.databaseUrl, logError)
    : openPGlite(storage.dataDir);
}
