/** @jest-environment node */
/**
 * The pairing of possible duplicates (migration 23) measured on the labelled pairs of
 * testing/duplicatePairs.ts, stored through the registration store: on PGlite and, with
 * DATABASE_URL_TEST, on PostgreSQL.
 */
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/openDatabase';
import { migrate } from '../../server/db/migrations';
import { pairAllDue } from '../../server/db/duplicatePairing';
import { createRegistrationStore, eraseRegistrations } from '../../server/db/registrations';
import { duplicatePairs, measurePairing } from '../../testing/duplicatePairs';
import { emailDomain, inLetters, validRegistration } from '../../testing/registrations';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';

jest.setTimeout(2 * databaseTimeoutMs);

afterAll(removeTempDirs);

function expectPairedWell(database: () => Database) {
  it('holds at least 40 duplicates and 40 look-alikes', () => {
    expect(duplicatePairs.filter((pair) => pair.same).length).toBeGreaterThanOrEqual(40);
    expect(duplicatePairs.filter((pair) => !pair.same).length).toBeGreaterThanOrEqual(40);
  });

  it('pairs them with precision and recall of 0.95 or more', async () => {
    const measure = await measurePairing(database());
    // The pairs judged wrongly are named in a failure's message.
    expect({ ...measure, precision: measure.precision >= 0.95 }).toMatchObject({ precision: true });
    expect({ ...measure, recall: measure.recall >= 0.95 }).toMatchObject({ recall: true });
  });

  // The pairing locks the due rows and then the pairs' registrations; an erasure, the due rows
  // first too. Told apart by the first name's second word, each pairs with every other.
  it("pairs and erases one person's registrations at once without a deadlock", async () => {
    const db = database();
    const store = createRegistrationStore(db);
    const emails = Array.from({ length: 12 }, (_, n) => `burst.${inLetters(n)}@${emailDomain}`);
    await Promise.all(
      emails.map((email, n) =>
        store.save(
          validRegistration({ firstName: `Sanna ${inLetters(n)}`, lastName: 'Burst', email }),
          'sv',
        ),
      ),
    );
    await store.drain();
    const erased = emails.filter((_, n) => n % 2 === 0);
    await Promise.all([
      ...erased.map((email) => db.transaction((tx) => eraseRegistrations(tx, { email }))),
      ...Array.from({ length: 4 }, () => pairAllDue(db)),
    ]);
    await pairAllDue(db);
    const [{ pairs }] = await db.query<{ pairs: number }>(
      `SELECT count(*)::integer AS pairs FROM registration_duplicates
       JOIN registrations ON registrations.id = registration_id WHERE last_name = 'Burst'`,
    );
    expect(pairs).toBe(6 * 5);
  });
}

describe('on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database);
  }, databaseTimeoutMs);
  afterAll(() => database?.close());
  expectPairedWell(() => database);
});

const serverUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(serverUrl)('on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  let database: Database;
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, 'registrations_pairs');
    database = await openDatabase({ dataDir: '', databaseUrl: throwaway.url }, (error) => {
      throw error;
    });
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });
  expectPairedWell(() => database);
});
