/** Opens the configured database: a PostgreSQL server when DATABASE_URL is set, else PGlite. */
import type { StorageConfig } from '../config';
import type { Database, DatabaseErrorLog } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

export function openDatabase(
  storage: StorageConfig,
  logError: DatabaseErrorLog,
): Promise<Database> {
  return storage.databaseUrl
    ? openPostgres(storage.databaseUrl, logError)
    : openPGlite(storage.dataDir, logError);
}

/** Where the database is, as the person running a command set it (never the URL: a password). */
export const describeStorage = (storage: StorageConfig) =>
  storage.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `DATA_DIR ${storage.dataDir}`;
