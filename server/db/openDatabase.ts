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
    : openPGlite(storage.dataDir);
}
