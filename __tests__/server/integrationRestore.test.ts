/** @jest-environment node */
/**
 * A feed cursor held from before `npm run restore` never skips a restored registration: the
 * restore writes every row in its own transaction, whose id may lie below the cursor's position
 * while the new database's later transactions pass it, so the cursor carries the database's
 * identity and one from before the restore starts again from the start.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { readDatabaseIdentity } from '../../server/db/databaseIdentity';
import { createBackup, parseBackup, restoreBackup } from '../../server/operations/backup';
import { createRegistrationStore } from '../../server/db/registrations';
import { createApiToken } from '../../server/integration/apiTokens';
import type { IntegrationRegistration } from '../../src/contract/integrationApiSchemas';
import { emailDomain, validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';
import { run } from './support/staffCommands';
import { testAppOptions } from './support/testApp';

jest.setTimeout(4 * databaseTimeoutMs);

afterAll(removeTempDirs);

/** Transactions that only take an id each: the database's transaction ids move on. */
async function passTransactions(database: Database, count: number) {
  for (let i = 0; i < count; i += 1) await database.query('SELECT pg_current_xact_id()');
}

const register = (database: Database, firstName: string) =>
  createRegistrationStore(database).save({ ...validRegistration(), firstName }, 'sv');

async function readPage(app: FastifyInstance, token: string, query: string) {
  const response = await app.inject({
    url: `/api/v1/registrations?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const page = response.json<{ items: IntegrationRegistration[]; nextCursor: string }>();
  return { names: page.items.map((item) => item.firstName), nextCursor: page.nextCursor };
}

/** The app on `dataDir`'s database while `work` runs. */
async function withApp<T>(dataDir: string, work: (app: FastifyInstance) => Promise<T>) {
  const database = await openTestDatabase(dataDir);
  const app = await buildApp(testAppOptions({ database }));
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

it('starts a cursor from before a restore again from the start, so no restored row is skipped', async () => {
  const sourceDir = makeDataDir();
  const source = await openTestDatabase(sourceDir);
  await migrate(source);
  // The source's positions lie past the transactions the restore and the new database begin with.
  await passTransactions(source, 100);
  for (const name of ['Aino', 'Eero', 'Ilona']) await register(source, name);
  const { token } = await createApiToken(
    source,
    { name: 'Sisu', programmes: 'all', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    'test',
  );
  await source.close();
  const before = await withApp(sourceDir, (app) => readPage(app, token, 'limit=2'));
  expect(before.names).toEqual(['Aino', 'Eero']);

  const backup = await run(['backup'], { DATA_DIR: sourceDir });
  const restoredDir = makeDataDir();
  await run(['restore'], { DATA_DIR: restoredDir }, backup);
  // After the restore, the new database's transactions pass the old cursor's position.
  const restored = await openTestDatabase(restoredDir);
  await passTransactions(restored, 300);
  await register(restored, 'Oskar');
  await restored.close();

  await withApp(restoredDir, async (app) => {
    const again = await readPage(app, token, `cursor=${before.nextCursor}`);
    expect(again.names).toEqual(['Aino', 'Eero', 'Ilona', 'Oskar']);
    // The cursor it gives is this database's: it goes on from there.
    expect((await readPage(app, token, `cursor=${again.nextCursor}`)).names).toEqual([]);
  });
});

it('gives the database a new identity at every restore, into an emptied one too', async () => {
  const database = await openTestDatabase();
  await migrate(database);
  const before = await readDatabaseIdentity(database);
  await restoreBackup(database, parseBackup((await createBackup(database)).text, emailDomain));
  expect(await readDatabaseIdentity(database)).not.toBe(before);
  await database.close();
});
