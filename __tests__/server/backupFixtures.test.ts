/** @jest-environment node */
/**
 * Backups made by earlier releases' own code (fixtures/backups/README.md) restored by today's
 * `npm run restore`: each at its own schema version, then migrated to this one in the same
 * transaction; refused whole when anything in it is what that release would never have made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { schemaVersion, schemaVersions } from '../../server/db/migrations';
import { openDatabase } from '../../server/db/openDatabase';
import { runStaffCommand, type CommandResult } from '../../testing/server';
import { testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase } from '../../testing/throwawayDatabase';
import {
  databaseTimeoutMs,
  makeDataDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(2 * databaseTimeoutMs);

afterAll(removeTempDirs);

const fixtureDir = path.join(__dirname, '../fixtures/backups');
const fixtureVersions = fs
  .readdirSync(fixtureDir)
  .flatMap((name) => /^schema-v(\d+)\.backup$/.exec(name)?.[1] ?? [])
  .map(Number)
  .sort((a, b) => a - b);

type Line = { table: string; row: Record<string, unknown> } & Record<string, unknown>;

/** A fixture's lines, parsed: the header first. */
function fixtureLines(version: number): Line[] {
  return fs
    .readFileSync(path.join(fixtureDir, `schema-v${version}.backup`), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

const backupText = (lines: object[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
const rowsOf = (lines: Line[], table: string) =>
  lines.filter((line) => line.table === table).map((line) => line.row);

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

const dropAfterwards: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(dropAfterwards.map((drop) => drop())));

/** Where a restore goes: a fresh DATA_DIR, and a new PostgreSQL database when there is one. */
interface Destination {
  dataDir: string;
  databaseUrl?: string;
}

const backends: [string, () => Promise<Destination>][] = [
  ['the embedded database', async () => ({ dataDir: makeDataDir() })],
];
if (postgresUrl) {
  backends.push([
    'PostgreSQL',
    async () => {
      const database = await createThrowawayDatabase(postgresUrl, 'fixture_test');
      dropAfterwards.push(database.drop);
      return { dataDir: makeTempDir('server-test-fixture-'), databaseUrl: database.url };
    },
  ]);
}

const restoreInto = ({ dataDir, databaseUrl }: Destination, stdin: string) =>
  runStaffCommand(
    ['restore'],
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { entry: 'compiled', stdin },
  );
const restore = (dataDir: string, stdin: string) => restoreInto({ dataDir }, stdin);

/** What the restored database holds, read once the command has closed it. */
async function storedRows(destination: Destination) {
  const database = await openDatabase(destination, (error) => {
    throw error;
  });
  try {
    const read = (sql: string) => database.query<Record<string, unknown>>(sql);
    return {
      versions: (await read('SELECT version FROM schema_migrations ORDER BY version')).map(
        (row) => row.version,
      ),
      registrations: await read(
        'SELECT id, reference, first_name, language FROM registrations ORDER BY id',
      ),
      outbox: await read('SELECT registration_id, attempts FROM outbox ORDER BY id'),
      auditCommands: (await read('SELECT command FROM audit_log ORDER BY id')).map(
        (row) => row.command,
      ),
    };
  } finally {
    await database.close();
  }
}

const newestFixture = fixtureVersions.at(-1)!;

// A release adds its fixture (README beside them); the schema of work not yet released has none.
it('has a fixture of every released schema version a backup has been written at', () => {
  expect(fixtureVersions).toEqual(
    Array.from({ length: newestFixture - 1 }, (_, index) => index + 2),
  );
  expect(newestFixture).toBeLessThanOrEqual(schemaVersion);
});

describe.each(backends)('into %s', (_name, makeDestination) => {
  it.each(fixtureVersions)(
    'a backup of schema version %i restores every row, migrated to this version',
    async (version) => {
      const lines = fixtureLines(version);
      const destination = await makeDestination();

      const result = await restoreInto(destination, backupText(lines));

      expect(result.stderr).toBe('');
      expect(result.stdout.toString()).toBe('Restored 3 registrations.\n');
      const stored = await storedRows(destination);
      expect(stored.versions).toEqual(schemaVersions);
      expect(stored.registrations).toEqual(
        rowsOf(lines, 'registrations').map((row) => ({
          id: row.id,
          reference: row.reference,
          first_name: row.first_name,
          // Before version 3 the page's language was not kept: migration 3 fills in Swedish.
          language: row.language ?? 'sv',
        })),
      );
      expect(stored.outbox).toEqual(
        rowsOf(lines, 'outbox').map((row) => ({
          registration_id: row.registration_id,
          attempts: row.attempts,
        })),
      );
      expect(stored.auditCommands).toEqual([
        ...rowsOf(lines, 'audit_log').map((row) => row.command),
        'restore',
      ]);
    },
  );
});

describe('a tampered earlier backup', () => {
  const [header, ...rows] = fixtureLines(2);
  const [firstRegistration] = rowsOf(rows, 'registrations');
  const withLine = (line: object) => [header, ...rows, line];
  const refusals: [string, object[], string][] = [
    [
      'an outbox row in a version that had no outbox',
      withLine({
        table: 'outbox',
        row: {
          id: 9,
          registration_id: firstRegistration.id,
          queued_at: '2026-11-26T16:00:00.000Z',
          attempts: 0,
          next_attempt_at: '2026-11-26T16:00:00.000Z',
        },
      }),
      'is not a row of a table',
    ],
    [
      'a column its version did not have',
      withLine({
        table: 'registrations',
        row: { ...firstRegistration, id: 99, reference: 'ZZZZ2222', language: 'en' },
      }),
      'it has a column that registrations does not have',
    ],
    [
      'a row breaking the form rules',
      withLine({
        table: 'registrations',
        row: {
          ...firstRegistration,
          id: 99,
          reference: 'ZZZZ2222',
          email: 'student.9@elsewhere.example',
        },
      }),
      "email breaks the form's rule",
    ],
    [
      'a schema version from a later release',
      [{ ...header, schemaVersion: schemaVersion + 1 }, ...rows],
      `The backup has schema version ${schemaVersion + 1}, made by a later release`,
    ],
    [
      'a schema version before any backup',
      [{ ...header, schemaVersion: 1 }, ...rows],
      'No release wrote a backup of schema version 1',
    ],
    [
      'a schema version that is not a number',
      [{ ...header, schemaVersion: '2\u001b[2J' }, ...rows],
      'The backup names no schema version',
    ],
  ];

  it.each(refusals)(
    'with %s is refused, leaving DATA_DIR untouched',
    async (_what, lines, problem) => {
      const dataDir = makeTempDir('server-test-fixture-');

      const result = await restore(dataDir, backupText(lines));

      expect(result.code).toBe(1);
      expect(result.stderr).toContain(problem);
      expect(result.stderr).not.toContain('\u001b');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
  );

  it('that the database refuses leaves no migration or row behind', async () => {
    // Two rows alike but for id and reference: the identical-submission index refuses the
    // second, after the migrations up to version 2 ran in the same transaction.
    const lines = withLine({
      table: 'registrations',
      row: { ...firstRegistration, id: 99, reference: 'ZZZZ2222' },
    });
    const dataDir = makeDataDir();

    const result: CommandResult = await restore(dataDir, backupText(lines));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('registrations_identical_submission');
    const database = await openTestDatabase(dataDir);
    try {
      expect(await database.query("SELECT to_regclass('registrations') AS t")).toEqual([
        { t: null },
      ]);
    } finally {
      await database.close();
    }
  });

  it('is refused by a database already past its version, which keeps what it had', async () => {
    const dataDir = makeDataDir();
    expect((await restore(dataDir, backupText(fixtureLines(newestFixture)))).code).toBe(0);

    const result = await restore(dataDir, backupText([header, ...rows]));

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The database is at schema version ${schemaVersion}, past the backup's 2`,
    );
    expect((await storedRows({ dataDir })).registrations).toHaveLength(3);
  });
});
