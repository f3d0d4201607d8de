/**
 * `npm run migrate`: applies the migrations to the configured database and exits, the one-off
 * task of a rolling upgrade (the new release's schema, while the previous release still serves;
 * the migrations are expand-only). `npm start` applies them too. A failure is one line naming
 * where the database is, DATABASE_URL or DATA_DIR, and exits with 1.
 */
import { readStorageConfig } from './config';
import { keepNewFilesPrivate } from './dataDirAccess';
import { migrate, schemaVersion, type Migrated } from './db/migrations';
import { DataDirInUseError } from './db/dataDirLock';
import { describeStorage, openDatabase } from './db/openDatabase';
import { withoutControlCharacters } from './operations/controlCharacters';

const inUse = ({ dataDir, holder }: DataDirInUseError) =>
  `DATA_DIR ${dataDir} is in use by process ${holder} (its server, or a command): stop the ` +
  'server first, then migrate and start the new release.';

const schemaOf = (version: number) => (version === 0 ? 'no schema' : `schema version ${version}`);

/** From which version to which, and a line for each migration applied, said what it did. */
function report(where: string, { from, applied }: Migrated): string {
  if (applied.length === 0) return `${where} is at ${schemaOf(from)}: nothing to apply.\n`;
  const lines = applied.map(
    ({ version, description }) => `  ${String(version).padStart(3)}  ${description}\n`,
  );
  return `${where}: from ${schemaOf(from)} to schema version ${schemaVersion}.\n${lines.join('')}`;
}

async function main() {
  keepNewFilesPrivate();
  const storage = readStorageConfig(process.env);
  let migrated: Migrated;
  try {
    const database = await openDatabase(storage, () => {});
    try {
      migrated = await migrate(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new Error(inUse(error), { cause: error });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${describeStorage(storage)}: ${reason}`, { cause: error });
  }
  process.stdout.write(report(describeStorage(storage), migrated));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Cannot migrate: ${withoutControlCharacters(message.replace(/\s+/g, ' ')).trim()}`);
  process.exitCode = 1;
});
