/** @jest-environment node */
/**
 * The staff's commands as staff run them: against a running server that takes submissions, on
 * the embedded database (through the server's staff socket) and on PostgreSQL (DATABASE_URL).
 * What they print to a terminal, dates in TIME_ZONE, the xlsx in LibreOffice:
 * staffCommandsOutput.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { connectGraphql } from '../../testing/graphqlClient';
import { repoRoot } from '../../testing/paths';
import { validRegistration } from '../../testing/registrations';
import {
  runStaffCommand,
  startServer,
  type RunningServer,
  type StaffTarget,
} from '../../testing/server';
import {
  databaseTimeoutMs,
  makeDataDir,
  makeStaticDir,
  makeTempDir,
  removeTempDirs,
  makeMigratedDataDir,
} from './support/fixtures';
import { confirmationFile, exportedRows, run, waitForFiles } from './support/staffCommands';
import { testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';

jest.setTimeout(4 * databaseTimeoutMs);

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

afterAll(removeTempDirs);

const embedded = 'the embedded database';
const backends: [
  string,
  () => Promise<{ env: Record<string, string>; drop?: () => Promise<void> }>,
][] = [[embedded, async () => ({ env: {} })]];
if (postgresUrl) {
  backends.push([
    'PostgreSQL (DATABASE_URL)',
    async () => {
      const database: ThrowawayDatabase = await createThrowawayDatabase(postgresUrl, 'staff_test');
      return { env: { DATABASE_URL: database.url }, drop: database.drop };
    },
  ]);
}

describe.each(backends)('with the server running on %s', (backendName, makeBackend) => {
  let server: RunningServer;
  let target: StaffTarget;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const backend = await makeBackend();
    dropDatabase = backend.drop;
    server = await startServer({
      entry: 'compiled',
      dataDir: makeMigratedDataDir(),
      env: { STATIC_DIR: makeStaticDir(), ...backend.env },
    });
    // On PostgreSQL too, the command runs with the server's DATA_DIR: its secret, its mail.
    target = backend.env.DATABASE_URL
      ? { DATABASE_URL: backend.env.DATABASE_URL, DATA_DIR: server.dataDir }
      : { DATA_DIR: server.dataDir };
  });

  afterAll(async () => {
    await server?.dispose();
    await dropDatabase?.();
  });

  async function submit(count: number, tag: string) {
    const client = await connectGraphql(server.url);
    const sent = Array.from({ length: count }, (_, index) =>
      validRegistration({ city: `${tag}${'abcdefghij'[index]}` }),
    );
    for (const registration of sent) expect((await client.submit(registration)).status).toBe(200);
    return sent;
  }

  it('exports a consistent snapshot while submissions keep arriving', async () => {
    const before = await submit(3, 'Före');
    const client = await connectGraphql(server.url);
    const during = Array.from({ length: 20 }, () => validRegistration({ city: 'Under' }));

    const [rows, answers] = await Promise.all([
      exportedRows(target),
      Promise.all(during.map((registration) => client.submit(registration))),
    ]);

    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const emails = rows.map((row) => row.email);
    for (const registration of before) expect(emails).toContain(registration.email);
    // A snapshot: ids without gaps, from the first row up to a point in the stream.
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toEqual(ids.map((_, index) => ids[0] + index));
    for (const row of rows) expect(row.reference).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const afterwards = await exportedRows(target);
    expect(afterwards.filter((row) => row.city === 'Under')).toHaveLength(during.length);
  });

  const notADay = (value: string) =>
    `--since wants a date that exists, written YYYY-MM-DD (for example 2026-11-25), got "${value}"`;

  it('exports only what arrived since a day in Helsinki', async () => {
    await submit(1, 'Sedan');
    // YYYY-MM-DD (Sweden's form) in the default TIME_ZONE.
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);

    expect(await exportedRows(target, ['--since', day(tomorrow)])).toEqual([]);
    expect((await exportedRows(target, ['--since', day(new Date())])).length).toBeGreaterThan(0);
  });

  it.each([
    [['--since', '2026-13-01'], notADay('2026-13-01')],
    [['--since', '2026-02-30'], notADay('2026-02-30')],
    [['--since', '2026-00-10'], notADay('2026-00-10')],
    [['--since', '2026-1-1'], notADay('2026-1-1')],
    [['--since', 'yesterday'], notADay('yesterday')],
    [
      ['--format', 'xlsx', '--language', 'fi'],
      '--language is one of sv, en (the xlsx\'s headings), got "fi"',
    ],
    [['--language', 'en'], '--language is for --format xlsx'],
  ])('refuses export %p with a message, and records nothing', async (args, message) => {
    const logLines = async () => (await run(['audit-log'], target)).toString().split('\n').length;
    const before = await logLines();

    const refused = await runStaffCommand(['export', ...args], target, { entry: 'compiled' });

    expect({ code: refused.code, stdout: refused.stdout.length }).toEqual({ code: 1, stdout: 0 });
    expect(refused.stderr).toContain(message);
    expect(await logLines()).toBe(before);
  });

  it('erases an applicant by address or by reference code, their confirmation files too', async () => {
    const [byEmail, byReference, kept] = await submit(3, 'Radera');
    const rows = await exportedRows(target);
    const rowOf = ({ email }: { email: string }) => rows.find((row) => row.email === email)!;
    const reference = rowOf(byReference).reference;
    const files = [byEmail, byReference, kept].map((registration) =>
      confirmationFile(server.dataDir, rowOf(registration).id),
    );
    await waitForFiles(files);

    expect((await run(['erase', '--email', byEmail.email.toUpperCase()], target)).toString()).toBe(
      'Erased 1 registration by email.\n',
    );
    expect((await run(['erase', '--reference', reference], target)).toString()).toBe(
      'Erased 1 registration by reference.\n',
    );
    const left = (await exportedRows(target)).map((row) => row.email);
    expect(left).not.toContain(byEmail.email);
    expect(left).not.toContain(byReference.email);
    expect(left).toContain(kept.email);
    expect(files.map((file) => fs.existsSync(file))).toEqual([false, false, true]);
  });

  it('records each export, erase, purge and backup in the audit log, with no personal data', async () => {
    const [erased] = await submit(1, 'Logg');
    await run(['erase', '--email', erased.email], target);
    await run(['purge'], target);
    await run(['backup'], target);

    const log = (await run(['audit-log'], target)).toString('utf8');
    const [header, ...lines] = log.trim().split('\n');

    expect(header.split(/\s+/)).toEqual(['time', 'command', 'rows', 'user', 'details']);
    const commands = lines.map((line) => line.split(/\s+/)[1]);
    expect(commands).toEqual(expect.arrayContaining(['export', 'erase', 'purge', 'backup']));
    const user = execFileSync('id', ['-un']).toString().trim();
    expect(lines.every((line) => line.split(/\s+/)[3] === user || line.includes('scheduled'))).toBe(
      true,
    );
    expect(log).toMatch(/erase\s+1\s+\S+\s+email-hash=[0-9a-f]{32}/);
    expect(log).not.toContain(erased.email);
    expect(log).not.toContain(erased.email.split('@')[0]);
  });

  it('backs up while running, and the backup restores every row into a fresh database', async () => {
    await submit(2, 'Backup');
    const backup = await run(['backup'], target);
    const rows = await exportedRows(target);

    const freshDir = makeDataDir();
    const restored = await run(['restore'], { DATA_DIR: freshDir }, backup);
    expect(rows.length).toBeGreaterThan(1);
    expect(restored.toString()).toBe(`Restored ${rows.length} registrations.\n`);

    const restoredRows = await exportedRows({ DATA_DIR: freshDir });
    expect(restoredRows).toEqual(rows);
    const again = await runStaffCommand(
      ['restore'],
      { DATA_DIR: freshDir },
      {
        entry: 'compiled',
        stdin: backup,
      },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('restore into a fresh DATA_DIR or an empty database');
  });

  // One refusal of each layer through the command: the framing's, the form's and the database's
  // (which opens an embedded database to judge it). The rest of the framing's and the form's rules
  // are in backupChecks.test.ts, the database's in rowRules.test.ts. Once: the restore goes to an
  // embedded database whichever the server runs on.
  const itOnce = backendName === embedded ? it : () => undefined;
  itOnce(
    'refuses a backup holding a row the server would not have made, naming its line, restoring nothing',
    async () => {
      await submit(1, 'Kontroll');
      const lines = (await run(['backup'], target)).toString('utf8').trimEnd().split('\n');
      const registrationLine = lines.findIndex((line) => line.includes('"table":"registrations"'));
      const registration = (JSON.parse(lines[registrationLine]) as { row: Record<string, unknown> })
        .row;
      const withRegistration = (changes: Record<string, unknown>) => ({
        lines: lines.map((line, at) =>
          at === registrationLine
            ? JSON.stringify({ table: 'registrations', row: { ...registration, ...changes } })
            : line,
        ),
        line: registrationLine + 1,
      });
      const outbox = {
        id: 999_998,
        registration_id: 999_999,
        queued_at: registration.created_at,
        attempts: 0,
        next_attempt_at: registration.created_at,
      };
      const cases: [string, { lines: string[]; line: number }, string][] = [
        [
          'an address with a mail header after it',
          withRegistration({ email: `${String(registration.email)}\r\nBcc: x@evil.example` }),
          'email holds a control character',
        ],
        [
          'a name the form refuses',
          withRegistration({ first_name: '<b>Eve</b>' }),
          "first_name breaks the form's rule firstName-format",
        ],
        [
          'an outbox row of no registration',
          {
            lines: [...lines, JSON.stringify({ table: 'outbox', row: outbox })],
            line: lines.length + 1,
          },
          'it names a row that no line before it holds (outbox_registration_id_fkey)',
        ],
      ];

      const outcomes = [];
      for (const [what, backup] of cases) {
        const freshDir = makeTempDir('server-test-restore-');
        const result = await runStaffCommand(
          ['restore'],
          { DATA_DIR: freshDir },
          {
            entry: 'compiled',
            stdin: `${backup.lines.join('\n')}\n`,
          },
        );
        const written = fs.readdirSync(freshDir);
        outcomes.push({ what, code: result.code, stderr: result.stderr, written });
      }

      expect(outcomes).toEqual(
        cases.map(([what, backup, problem]) => ({
          what,
          code: 1,
          stderr: expect.stringContaining(
            `Line ${backup.line} of the backup is not a row this server would have stored: ${problem}`,
          ),
          written: [],
        })),
      );
    },
  );

  it('counts what it stores and refuses, with latencies, on 127.0.0.1 only', async () => {
    const client = await connectGraphql(server.url);
    await client.submit(validRegistration());
    await client.submit(validRegistration({ terms: false }));

    const metrics = await (await fetch(server.metricsUrl)).text();

    expect(metrics).toMatch(/^registrations_stored_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^registrations_refused_total\{reason="registration-refused"\} [1-9]/m);
    expect(metrics).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/graphql",status_code="200"\} [1-9]/m,
    );
    const publicAnswer = await (await fetch(`${server.url}/metrics`)).text();
    expect(publicAnswer).not.toContain('registrations_stored_total');
  });
});

it('refuses to restore into a DATA_DIR a server holds, in one line that says to stop it', async () => {
  const dataDir = makeTempDir('server-test-restore-');
  // This test's own process holds it, as a running server would.
  fs.writeFileSync(path.join(dataDir, 'server.pid'), `${process.pid}\n`);

  const result = await runStaffCommand(
    ['restore'],
    { DATA_DIR: dataDir },
    {
      entry: 'compiled',
      stdin: fs.readFileSync(path.join(repoRoot, '__tests__/fixtures/backups/schema-v6.backup')),
    },
  );

  expect(result.code).toBe(1);
  expect(result.stderr.trimEnd().split('\n')).toEqual([
    `Cannot restore into DATA_DIR ${dataDir}: process ${process.pid} (its server, or another command) has it open. Stop the server first; a restore goes into a DATA_DIR that holds no data, a new one say, and the server is then started on it.`,
  ]);
  expect(fs.readdirSync(dataDir)).toEqual(['server.pid']);
});
