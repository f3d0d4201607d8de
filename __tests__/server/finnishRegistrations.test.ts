/** @jest-environment node */
/**
 * Migration 29: a registration may be in Finnish, on the embedded database and on a PostgreSQL
 * server, stored through the form's own request; nothing outside the supported languages is.
 */
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { openDatabase } from '../../server/db/openDatabase';
import { buildApp } from '../../server/app';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { languages } from '../../src/contract/languages';
import { validValues } from '../../testing/registrations';
import { describeWith, testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(databaseTimeoutMs);

afterAll(() => removeTempDirs());

/** The language each registration was stored in, as the applicant's page named it. */
async function storedLanguages(database: Database, pageLanguages: string[]) {
  await database.query('DELETE FROM registrations');
  const app = await buildApp(testAppOptions({ database, languages: ['fi', 'sv', 'en'] }));
  try {
    const token = await getXsrfToken(app);
    for (const [index, language] of pageLanguages.entries()) {
      const values = {
        ...validValues,
        email: `hakija.${index}@${validValues.email.split('@')[1]}`,
      };
      const response = await postGraphql(app, token, buildCreateOnboardingFormBody(values), {
        headers: { 'accept-language': language },
      });
      expect(response.statusCode).toBe(200);
    }
  } finally {
    await app.close();
  }
  const rows = await database.query<{ language: string }>(
    'SELECT language FROM registrations ORDER BY id',
  );
  return rows.map((row) => row.language);
}

function behavesAsMigration29(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await migrate(database);
  });
  afterAll(() => database?.close());

  it('stores a registration sent from the Finnish page in Finnish, and the default for a page naming none', async () => {
    expect(await storedLanguages(database, ['fi', 'sv', 'en', 'de'])).toEqual([
      'fi',
      'sv',
      'en',
      'fi',
    ]);
  });

  it('holds every supported language and refuses any other', async () => {
    const [row] = await database.query<{ id: number }>('SELECT id FROM registrations LIMIT 1');
    for (const language of languages) {
      await database.query('UPDATE registrations SET language = $1 WHERE id = $2', [
        language,
        row.id,
      ]);
    }
    await expect(
      database.query("UPDATE registrations SET language = 'de' WHERE id = $1", [row.id]),
    ).rejects.toThrow(/registrations_language_check/);
  });
}

describe('on the embedded database', () => {
  behavesAsMigration29(() => openTestDatabase());
});

const serverUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

describeWith(serverUrl)('on a PostgreSQL server', () => {
  let throwaway: ThrowawayDatabase;
  behavesAsMigration29(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, 'registrations_test');
    return openDatabase({ dataDir: '', databaseUrl: throwaway.url }, (error) => {
      throw error;
    });
  });
  afterAll(() => throwaway?.drop());
});
