/**
 * `npm run export`: every stored registration as CSV on stdout, from DATA_DIR or DATABASE_URL.
 * With the embedded database the server must be stopped first (one process per DATA_DIR).
 */
import { readStorageConfig } from './config';
import { openDatabase } from './db/openDatabase';
import { migrate } from './db/migrations';
import { createRegistrationStore } from './db/registrations';
import { writeRegistrationsCsv } from './registrationsCsv';

async function exportRegistrations() {
  const database = await openDatabase(readStorageConfig(process.env), (error) =>
    console.error(error),
  );
  try {
    // An empty DATA_DIR gets its table too, and exports just the header.
    await migrate(database);
    await writeRegistrationsCsv(createRegistrationStore(database).all(), process.stdout);
  } finally {
    await database.close();
  }
}

exportRegistrations().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
