/** @jest-environment node */
/**
 * What a stored row may hold has one home, the database's constraints (migrations 19, 22): every writer
 * is refused by them, a restore is judged by them, and rows an earlier release stored are brought
 * within them without losing any. An ordinary day (an applicant's own correction) leaves a backup
 * that restores.
 */
import { applicantActor, recordChanges } from '../../server/console/history';
import type { Database } from '../../server/db/database';
import { applyMigrations, migrate } from '../../server/db/migrations';
import { createRegistrationStore, readRegistrations } from '../../server/db/registrations';
import { createBackup, parseBackup, restoreBackup } from '../../server/operations/backup';
import { hasControlCharacters } from '../../server/operations/controlCharacters';
import { notePattern } from '../../src/contract/processing';
import { emailDomain, validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeDataDir,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(3 * databaseTimeoutMs);

afterAll(removeTempDirs);

/** The backup's rows, without its header (which names when it was made). */
const backupRows = async (database: Database) =>
  (await createBackup(database)).text.split('\n').slice(1);

/** Backs `database` up, restores that into a fresh one, and resolves with both backups' rows. */
async function roundTrip(database: Database) {
  const { text } = await createBackup(database);
  const fresh = await openTestDatabase(makeMigratedDataDir());
  try {
    await restoreBackup(fresh, parseBackup(text, emailDomain));
    return { written: text.split('\n').slice(1), restored: await backupRows(fresh) };
  } finally {
    await fresh.close();
  }
}

it("restores a backup taken after the applicant's own correction", async () => {
  const database = await openTestDatabase(makeMigratedDataDir());
  await createRegistrationStore(database).save(validRegistration({ city: 'Vasa' }), 'sv');
  const [registration] = await readRegistrations(database);
  await recordChanges(database, registration.id, applicantActor, [
    { type: 'correction', field: 'city', from: 'Vasa', to: 'Åbo' },
  ]);

  const { written, restored } = await roundTrip(database);
  await database.close();

  expect(written.some((line) => line.includes('"table":"registration_history"'))).toBe(true);
  expect(restored).toEqual(written);
});

describe('the database refuses what no writer may store', () => {
  let database: Database;
  let registrationId: number;

  beforeAll(async () => {
    database = await openTestDatabase(makeMigratedDataDir());
    await createRegistrationStore(database).save(validRegistration(), 'sv');
    [{ id: registrationId }] = await readRegistrations(database);
  });
  afterAll(() => database.close());

  it.each([
    [
      'a note reversed by a bidi override',
      'registration_notes_text_check',
      `INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'ok \u202Etxt.exe')`,
    ],
    [
      'a note with ESC',
      'registration_notes_text_check',
      `INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'a\u001b[2Jb')`,
    ],
    [
      'a note with a carriage return alone',
      'registration_notes_text_check',
      `INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'a\rb')`,
    ],
    [
      'a note with a line separator',
      'registration_notes_text_check',
      `INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'a\u2028b')`,
    ],
    [
      'a note of spaces only',
      'registration_notes_text_check',
      `INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', '   ')`,
    ],
    [
      'a subject of 256 characters',
      'registration_history_actor_check',
      `INSERT INTO registration_history (registration_id, actor, type) VALUES ($1, repeat('s', 256), 'state')`,
    ],
    [
      'a kind of change nobody makes',
      'registration_history_type_check',
      `INSERT INTO registration_history (registration_id, actor, type) VALUES ($1, 'admin', 'rename')`,
    ],
    [
      'a field the form does not have',
      'registration_history_field_check',
      `INSERT INTO registration_history (registration_id, actor, type, field) VALUES ($1, 'admin', 'correction', 'password')`,
    ],
    [
      'an object as a changed value',
      'registration_history_to_value_check',
      `INSERT INTO registration_history (registration_id, actor, type, to_value) VALUES ($1, 'admin', 'state', '{"a":1}')`,
    ],
    [
      'a staff name with a direction mark',
      'staff_members_name_printable',
      `INSERT INTO staff_members (subject, name, email, admin, programmes, last_sign_in_at)
       VALUES ('noa', 'Noa \u200FLevi', 'noa@example.edu', true, '{}', now())`,
    ],
    [
      'a token name with ESC',
      'api_tokens_name_printable',
      `INSERT INTO api_tokens (name, token_hash, programmes, created_by, expires_at)
       VALUES ('SIS\u001b[2J', repeat('a', 64), '{}', 'admin', now())`,
    ],
    [
      'an actor with a tab',
      'registration_history_actor_printable',
      `INSERT INTO registration_history (registration_id, actor, type) VALUES ($1, 'ad\tmin', 'state')`,
    ],
    [
      'a state the console does not know',
      'registrations_state_check',
      `UPDATE registrations SET state = 'lost' WHERE id = $1`,
    ],
    [
      'an empty assignee',
      'registrations_assignee_check',
      `UPDATE registrations SET assignee = '' WHERE id = $1`,
    ],
  ])('%s', async (_what, constraint, statement) => {
    const parameters = statement.includes('$1') ? [registrationId] : [];
    await expect(database.query(statement, parameters)).rejects.toMatchObject({
      code: '23514',
      constraint,
    });
  });

  it('takes a note with tabs and both kinds of line break', async () => {
    await database.query(
      "INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'a\tb\r\nc\nd')",
      [registrationId],
    );
  });

  it.each([
    [
      'an empty subject',
      'staff_members_subject_check',
      `INSERT INTO staff_members (subject, name, email, admin, programmes, last_sign_in_at) VALUES ('', 'n', 'e', false, '{}', now())`,
    ],
    [
      'a programme that does not exist',
      'staff_members_programmes_check',
      `INSERT INTO staff_members (subject, name, email, admin, programmes, last_sign_in_at) VALUES ('s', 'n', 'e', false, '{XX}', now())`,
    ],
    [
      'a token named with nothing',
      'api_tokens_name_check',
      `INSERT INTO api_tokens (name, token_hash, created_by, expires_at) VALUES ('', repeat('a', 64), 'root', now())`,
    ],
    [
      'a token hash that is none',
      'api_tokens_token_hash_check',
      `INSERT INTO api_tokens (name, token_hash, created_by, expires_at) VALUES ('n', 'secret', 'root', now())`,
    ],
    [
      'an audit count below zero',
      'audit_log_row_count_check',
      `INSERT INTO audit_log (command, row_count, os_user) VALUES ('export', -1, 'root')`,
    ],
  ])('%s', async (_what, constraint, statement) => {
    await expect(database.query(statement)).rejects.toMatchObject({ code: '23514', constraint });
  });
});

it('brings the rows an earlier release stored within the rules, losing none, and they restore', async () => {
  const database = await openTestDatabase(makeDataDir());
  await database.transaction((tx) => applyMigrations(tx, 18));
  await createRegistrationStore(database).save(validRegistration(), 'sv');
  const [{ id }] = await readRegistrations(database);
  const longSubject = 's'.repeat(3000);
  const otherLongSubject = `${'s'.repeat(2999)}t`;
  await database.query(
    `INSERT INTO staff_members (subject, name, email, admin, programmes, last_sign_in_at)
     VALUES ($1, 'Otto', 'otto@example.edu', true, '{}', now()),
       ($2, 'Other', 'other@example.edu', true, '{}', now()),
       ('noa', 'Noa \u200FLevi\tKatz', 'noa.levi@example.edu\u200E', true, '{}', now())`,
    [longSubject, otherLongSubject],
  );
  await database.query('UPDATE registrations SET assignee = $1 WHERE id = $2', [longSubject, id]);
  await database.query(
    "INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, $2, 'Ring\u202E upp\u0085 i\u2028morgon\rKl. 10\r\nSvar')",
    [id, longSubject],
  );
  await recordChanges(database, id, longSubject, [
    { type: 'assignee', from: null, to: longSubject },
  ]);
  await recordChanges(database, id, applicantActor, [
    { type: 'correction', field: 'city', from: 'Vasa', to: 'Åbo' },
  ]);
  await database.query(
    "INSERT INTO audit_log (command, row_count, os_user) VALUES ('sign-in', 0, repeat('u', 400))",
  );
  const countsOf = () =>
    database.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM staff_members) + (SELECT count(*) FROM registration_notes)
         + (SELECT count(*) FROM registration_history) + (SELECT count(*) FROM audit_log)
         AS count`,
    );
  const before = await countsOf();

  await migrate(database);

  expect(await countsOf()).toEqual(before);
  const [staff] = await database.query<{ subjects: string[] }>(
    'SELECT array_agg(subject ORDER BY name DESC) AS subjects FROM staff_members',
  );
  const [otto, other, noa] = staff.subjects;
  expect(noa).toBe('noa');
  expect(
    await database.query("SELECT name, email FROM staff_members WHERE subject = 'noa'"),
  ).toEqual([{ name: 'Noa \uFFFDLevi Katz', email: 'noa.levi@example.edu\uFFFD' }]);
  expect(otto).toHaveLength(255);
  expect(other).not.toBe(otto); // cut alike, still told apart
  const [row] = await database.query<{
    assignee: string;
    author: string;
    text: string;
    actor: string;
    to_value: string;
    os_user: string;
  }>(
    `SELECT assignee, author, text, actor, to_value, os_user
     FROM registrations, registration_notes, registration_history, audit_log
     WHERE registration_history.type = 'assignee'`,
  );
  expect(row).toMatchObject({ assignee: otto, author: otto, actor: otto, to_value: otto });
  expect(row.text).toBe('Ring\uFFFD upp\uFFFD i\uFFFDmorgon\nKl. 10\r\nSvar');
  expect(row.os_user).toBe(`${'u'.repeat(319)}…`);

  const { written, restored } = await roundTrip(database);
  await database.close();
  expect(restored).toEqual(written);
});

it('refuses a backup whose row breaks a rule, naming its line, and keeps nothing', async () => {
  const database = await openTestDatabase(makeMigratedDataDir());
  await createRegistrationStore(database).save(validRegistration(), 'sv');
  const [{ id }] = await readRegistrations(database);
  await database.query(
    "INSERT INTO registration_notes (registration_id, author, text) VALUES ($1, 'admin', 'Fine')",
    [id],
  );
  const lines = (await createBackup(database)).text.trimEnd().split('\n');
  await database.close();
  const noteLine = lines.findIndex((line) => line.includes('"table":"registration_notes"'));
  const note = JSON.parse(lines[noteLine]) as { row: Record<string, unknown> };
  lines[noteLine] = JSON.stringify({ ...note, row: { ...note.row, author: '' } });
  const fresh = await openTestDatabase(makeMigratedDataDir());

  await expect(restoreBackup(fresh, parseBackup(lines.join('\n'), emailDomain))).rejects.toThrow(
    `Line ${noteLine + 1} of the backup is not a row this server would have stored: it breaks the database's rule registration_notes_author_check: nothing was restored.`,
  );
  const [{ count }] = await fresh.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM registrations',
  );
  await fresh.close();
  expect(count).toBe(0);
});

describe('the characters the database refuses, against the rules that judge before it', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(makeMigratedDataDir());
  });
  afterAll(() => database.close());

  /** Every character of the basic plane but the surrogates, between two letters. */
  const basicPlane = Array.from({ length: 0xffff }, (_, index) => index + 1).filter(
    (code) => code < 0xd800 || code > 0xdfff,
  );

  /** The codes of basicPlane that `constraint`, a CHECK on `column`, refuses. */
  async function refusedBy(constraint: string, column: string) {
    const [{ definition }] = await database.query<{ definition: string }>(
      'SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = $1',
      [constraint],
    );
    const refused = await database.query<{ code: number }>(
      `SELECT code FROM generate_series(1, 65535) AS code,
         LATERAL (SELECT 'a' || chr(code) || 'b' AS ${column}) AS candidate
       WHERE code NOT BETWEEN 55296 AND 57343 AND NOT ${definition.replace(/^CHECK /, '')}
       ORDER BY code`,
    );
    return refused.map(({ code }) => code);
  }

  it("refuses in a note exactly the characters the staff API's pattern refuses", async () => {
    const pattern = new RegExp(notePattern, 'u');
    expect(await refusedBy('registration_notes_text_check', 'text')).toEqual(
      basicPlane.filter((code) => !pattern.test(`a${String.fromCharCode(code)}b`)),
    );
  });

  it('refuses in every other text exactly the characters a restore refuses', async () => {
    expect(await refusedBy('staff_members_name_printable', 'name')).toEqual(
      basicPlane.filter((code) => hasControlCharacters(String.fromCharCode(code))),
    );
  });
});

describe('a restore judged row by row', () => {
  let lines: string[];
  const lineOf = (table: string) => lines.findIndex((line) => line.includes(`"table":"${table}"`));
  const rowOn = (index: number) =>
    (JSON.parse(lines[index]) as { row: Record<string, unknown> }).row;
  /** The backup with the first row of `table` changed, and that row's line number. */
  const changed = (table: string, changes: Record<string, unknown>) => {
    const index = lineOf(table);
    const backup = lines.map((line, at) =>
      at === index ? JSON.stringify({ table, row: { ...rowOn(index), ...changes } }) : line,
    );
    return { text: backup.join('\n'), line: index + 1 };
  };

  beforeAll(async () => {
    const database = await openTestDatabase(makeMigratedDataDir());
    await createRegistrationStore(database).save(validRegistration(), 'sv');
    await database.query(
      "INSERT INTO audit_log (command, row_count, os_user) VALUES ('export', 1, 'root')",
    );
    lines = (await createBackup(database)).text.trimEnd().split('\n');
    await database.close();
  });

  it.each([
    [
      'a reference that is a path',
      'registrations',
      { reference: 'X/../../../../tmp/escaped' },
      "it breaks the database's rule registrations_reference_check",
    ],
    [
      'a language the server does not know',
      'registrations',
      { language: 'de' },
      "it breaks the database's rule registrations_language_check",
    ],
    [
      'a time that is not one',
      'registrations',
      { created_at: 'yesterday' },
      'created_at is not a time',
    ],
    [
      'a day that does not exist',
      'registrations',
      { updated_at: '2026-02-30T00:00:00.000Z' },
      'updated_at is not a time',
    ],
    [
      'an audit count that is text',
      'audit_log',
      { row_count: '1; DROP TABLE audit_log' },
      'row_count is not a whole number',
    ],
    [
      'an outbox of attempts below none',
      'outbox',
      { attempts: -1 },
      "it breaks the database's rule outbox_attempts_check",
    ],
  ])('refuses %s, naming its line, and keeps nothing', async (_what, table, changes, problem) => {
    const { text, line } = changed(table, changes);
    const fresh = await openTestDatabase(makeMigratedDataDir());

    await expect(restoreBackup(fresh, parseBackup(text, emailDomain))).rejects.toThrow(
      `Line ${line} of the backup is not a row this server would have stored: ${problem}`,
    );
    const [{ count }] = await fresh.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM registrations',
    );
    await fresh.close();
    expect(count).toBe(0);
  });
});
