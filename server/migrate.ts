/**
 * `npm run migrate`: applies the migrations to the configured database and exits, the one-off
 * task of a rolling upgrade (the new release's schema, while the previous release still serves;
 * the migrations are expand-only). `npm start` applies them too. A failure is one line naming
 * where the database is, DATABASE_URL or DATA_DIR, and exits with 1.
 */
import { readStorageConfig } from './config';
import { keepNewFilesPrivate } from './dataDirAccess';
import { migrate, schemaVersion } from './db/migrations';
import { describeStorage, openDatabase } from './db/openDatabase';
import { withoutControlCharacters } from './operations/controlCharacters';

async function main() {
  keepNewFilesPrivate();
  const storage = readStorageConfig(process.env);
  try {
    const database = await openDatabase(storage, () => {});
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${describeStorage(storage)}: ${reason}`, { cause: error });
  }
  process.stdout.write(`${describeStorage(storage)} is at schema version ${schemaVersion}.\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Cannot migrate: ${withoutControlCharacters(message.replace(/\s+/g, ' ')).trim()}`);
  process.exitCode = 1;
});
