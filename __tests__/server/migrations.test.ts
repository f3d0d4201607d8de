/** @jest-environment node */
/**
 * The migrations are history and name their columns themselves; the store derives its columns
 * from the field model. These tests hold the two together, so that a new field cannot be stored
 * without a migration nor deduplicated on the wrong columns.
 */
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { formColumns } from '../../server/db/registrations';
import { fieldNames, isStringField } from '../../src/contract/fields';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrate(database);
});

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

describe('the migrated registrations table', () => {
  it('has one NOT NULL column of the right type per field of the model', async () => {
    const columns = await database.query<{ name: string; type: string; nullable: string }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable
       FROM information_schema.columns WHERE table_name = 'registrations'`,
    );
    const byName = new Map(columns.map((column) => [column.name, column]));
    fieldNames.forEach((field, index) => {
      expect(byName.get(formColumns[index])).toEqual({
        name: formColumns[index],
        type: isStringField(field) ? 'text' : 'boolean',
        nullable: 'NO',
      });
    });
    const processing = ['state', 'assignee', 'version', 'name_birthday_key'];
    const integration = ['updated_at', 'change_xid'];
    expect(columns.map((column) => column.name).sort()).toEqual(
      [
        'id',
        'reference',
        'language',
        'created_at',
        ...formColumns,
        ...processing,
        ...integration,
      ].sort(),
    );
  });

  it('keys a name and birthday with case and accents ignored, for the possible duplicates', async () => {
    const keys = await database.query<{ key: string }>(
      `SELECT registration_name_birthday_key(first, last, '01.02.2003') AS key
       FROM (VALUES ('Åsa', 'Nyström'), ('ÅSA', 'NYSTROM'), ('asa', 'nystrom'),
         ('Éloïse', 'Çelik'), ('ELOISE', 'celik')) AS names (first, last)`,
    );
    expect(keys.map(({ key }) => key)).toEqual([
      'asa|nystrom|01.02.2003',
      'asa|nystrom|01.02.2003',
      'asa|nystrom|01.02.2003',
      'eloise|celik|01.02.2003',
      'eloise|celik|01.02.2003',
    ]);
  });

  it('has a unique index on exactly the form columns, the target of ON CONFLICT', async () => {
    const indexes = await database.query<{ columns: string[] }>(
      `SELECT array_agg(a.attname ORDER BY k.ordinality)::text[] AS columns
       FROM pg_index i
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
       WHERE i.indrelid = 'registrations'::regclass AND i.indisunique AND NOT i.indisprimary
       GROUP BY i.indexrelid`,
    );
    expect(indexes.map((index) => [...index.columns].sort())).toEqual(
      expect.arrayContaining([[...formColumns].sort()]),
    );
  });

  it('has a unique index on the reference code, which staff find a row by', async () => {
    const [{ unique }] = await database.query<{ unique: boolean }>(
      `SELECT indisunique AS unique FROM pg_index
       WHERE indexrelid = 'registrations_reference'::regclass`,
    );
    expect(unique).toBe(true);
  });
});
