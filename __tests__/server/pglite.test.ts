/** @jest-environment node */
/**
 * The embedded database runs each statement text as a prepared statement, parsed once
 * (server/db/pglitePreparedStatements.ts): the same text with other values, values of every kind,
 * and failures must behave as PostgreSQL's plain extended protocol does.
 */
import type { Database } from '../../server/db/database';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.query(
    `CREATE TABLE samples (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL UNIQUE,
      seen timestamptz,
      flags boolean[]
    )`,
  );
});

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

const insert = 'INSERT INTO samples (name, seen, flags) VALUES ($1, $2, $3) RETURNING *';

it('runs one text again and again, each time with its own values of every kind', async () => {
  const seen = new Date('2026-08-01T12:34:56.789Z');
  const first = await database.query(insert, ['first', seen, [true, false]]);
  const second = await database.query(insert, ['second', null, null]);
  const third = await database.query(insert, ["a 'quoted', {braced} name", undefined, []]);

  expect(first).toEqual([{ id: 1, name: 'first', seen, flags: [true, false] }]);
  expect(second).toEqual([{ id: 2, name: 'second', seen: null, flags: null }]);
  expect(third).toEqual([{ id: 3, name: "a 'quoted', {braced} name", seen: null, flags: [] }]);
  expect(
    await database.query<{ name: string }>(
      'SELECT name FROM samples WHERE id = ANY($1::integer[]) ORDER BY id',
      [[1, 3]],
    ),
  ).toEqual([{ name: 'first' }, { name: "a 'quoted', {braced} name" }]);
});

it('reports a failure with its SQLSTATE, and the same text then runs again', async () => {
  await database.query(insert, ['taken', null, null]);

  await expect(database.query(insert, ['taken', null, null])).rejects.toMatchObject({
    code: '23505',
    message: expect.stringContaining('samples_name_key'),
  });
  await expect(database.query(insert, ['taken', 'not a time', null])).rejects.toMatchObject({
    code: '22007',
  });
  expect(await database.query(insert, ['free', null, null])).toHaveLength(1);
});

it('reports a text that does not parse, each time', async () => {
  for (let attempt = 0; attempt < 2; attempt++) {
    await expect(database.query('SELEC name FROM samples')).rejects.toMatchObject({
      code: '42601',
    });
  }
  expect(await database.query('SELECT count(*)::integer AS rows FROM samples')).toEqual([
    { rows: expect.any(Number) },
  ]);
});

it('keeps a transaction of several statements together', async () => {
  await expect(
    database.transaction(async (tx) => {
      await tx.query(insert, ['rolled back', null, null]);
      await tx.query(insert, ['taken', null, null]);
    }),
  ).rejects.toMatchObject({ code: '23505' });

  expect(await database.query('SELECT name FROM samples WHERE name = $1', ['rolled back'])).toEqual(
    [],
  );
});
