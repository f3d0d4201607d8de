/** @jest-environment node */
/**
 * What the staff's commands print and export, with no server running or one of its own: text safe
 * for a terminal, dates in TIME_ZONE, the xlsx as LibreOffice reads and prints it. Apart from
 * staffCommands.test.ts so that jest's two workers share the staff's commands between them.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { parseCsv } from '../testing/csv';
import { connectGraphql } from '../testing/graphqlClient';
import { validRegistration } from '../testing/registrations';
import { repoRoot } from '../testing/paths';
import { schemaVersion as migratedSchemaVersion } from '../server/db/migrations';
import { freePort, runStaffCommand, startServer, type RunningServer } from '../testing/server';
import {
  openTestDatabase,
  databaseTimeoutMs,
  makeDataDir,
  makeStaticDir,
  makeTempDir,
  removeTempDirs,
  makeMigratedDataDir,
} from '../__tests__/server/support/fixtures';
import { run } from '../__tests__/server/support/staffCommands';
import { testTool } from '../testing/testService';

jest.setTimeout(4 * databaseTimeoutMs);

const hasLibreOffice = testTool('soffice', 'LibreOffice');
const hasGhostscript = testTool('gs', 'Ghostscript (printed xlsx)');

afterAll(removeTempDirs);

it('ends quietly, as a shell command does, when its reader stops early (`| head -1`)', async () => {
  const dataDir = makeMigratedDataDir();
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'build/server/server/operations/cli.js'), 'backup'],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The reader is gone before the command writes: its write fails with EPIPE.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number];

  expect({ code, stderr }).toEqual({ code: 141, stderr: '' });
});

describe("what the commands print to the staff's terminal", () => {
  /** C0 and C1 controls, DEL, and the bidirectional controls; a line feed ends a line. */
  const terminalControls = /(?!\n)[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
  /** Clears the screen, retitles the window, and reverses the rest of the line. */
  const hostile = '\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202Eoverride';

  const restore = (lines: unknown[]) =>
    runStaffCommand(
      ['restore'],
      { DATA_DIR: makeTempDir('server-test-restore-') },
      { entry: 'compiled', stdin: `${lines.map((line) => JSON.stringify(line)).join('\n')}\n` },
    );

  it.each([
    ['its schema version', [{ format: 'student-registration-backup', schemaVersion: hostile }]],
    [
      "a column's name",
      [
        {
          format: 'student-registration-backup',
          schemaVersion: migratedSchemaVersion,
          createdAt: new Date().toISOString(),
        },
        { table: 'audit_log', row: { [hostile]: 1 } },
      ],
    ],
  ])('refuses a backup with hostile text in %s, without repeating it', async (_what, lines) => {
    const result = await restore(lines);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/backup/);
    expect(result.stderr).not.toMatch(terminalControls);
    expect(result.stderr).not.toMatch(/pwned|override|31m/);
  });

  it('prints no control character of what was typed', async () => {
    const result = await runStaffCommand(
      ['export', '--since', hostile],
      {
        DATA_DIR: makeTempDir('server-test-typed-'),
      },
      { entry: 'compiled' },
    );

    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--since wants a date');
    expect(result.stderr).not.toMatch(terminalControls);
  });

  it.each([['export'], ['restore']])(
    '%s names DATABASE_URL, without its password, when nothing answers there',
    async (command) => {
      const url = `postgres://staff:s3cret-word@127.0.0.1:${await freePort()}/registrations`;
      const result = await runStaffCommand(
        [command],
        { DATABASE_URL: url },
        {
          entry: 'compiled',
          stdin: `${JSON.stringify({ format: 'student-registration-backup', schemaVersion: 2, createdAt: new Date().toISOString() })}\n`,
        },
      );

      expect(result.code).toBe(1);
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        expect.stringMatching(/^the PostgreSQL at DATABASE_URL: .*ECONNREFUSED/),
      ]);
      expect(result.stderr).not.toContain('s3cret-word');
    },
  );
});

describe('dates in TIME_ZONE', () => {
  const dataDir = makeDataDir();
  const target = { DATA_DIR: dataDir };
  /** The command, with TIME_ZONE set to `timeZone` or left unset. */
  const inZone = (timeZone?: string): { entry: 'compiled'; env: Record<string, string> } => ({
    entry: 'compiled',
    env: timeZone ? { TIME_ZONE: timeZone } : {},
  });
  const exported = async (args: string[], timeZone?: string) => {
    const result = await runStaffCommand(['export', ...args], target, inZone(timeZone));
    if (result.code !== 0) throw new Error(result.stderr);
    return result.stdout;
  };
  const csvRows = async (args: string[], timeZone?: string) =>
    parseCsv((await exported(args, timeZone)).toString('utf8')).map((row) => row.createdAt);
  let server: RunningServer;

  /** One registration at 23:59 on 24 November in Helsinki, one at 00:03 on the 25th. */
  beforeAll(async () => {
    server = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: makeStaticDir() },
    });
    const client = await connectGraphql(server.url);
    const sent = [validRegistration(), validRegistration()];
    for (const registration of sent) expect((await client.submit(registration)).status).toBe(200);
    await server.stop();
    const backdate = await openTestDatabase(dataDir);
    for (const [registration, at] of [
      [sent[0], '2026-11-24T21:59:00Z'],
      [sent[1], '2026-11-24T22:03:00Z'],
    ] as const) {
      await backdate.query('UPDATE registrations SET created_at = $2 WHERE email = $1', [
        registration.email,
        at,
      ]);
    }
    await backdate.close();
  });

  afterAll(() => server?.stop());

  it('counts --since from midnight in Helsinki, and gives the CSV times with its offset', async () => {
    expect(await csvRows([])).toEqual(['2026-11-24T23:59:00+02:00', '2026-11-25T00:03:00+02:00']);
    expect(await csvRows(['--since', '2026-11-25'])).toEqual(['2026-11-25T00:03:00+02:00']);
  });

  it('follows TIME_ZONE, which the command reads as the server does', async () => {
    expect(await csvRows(['--since', '2026-11-25'], 'America/New_York')).toEqual([]);
    expect(await csvRows(['--since', '2026-11-24'], 'America/New_York')).toEqual([
      '2026-11-24T16:59:00-05:00',
      '2026-11-24T17:03:00-05:00',
    ]);
    const refused = await runStaffCommand(['export'], target, inZone('Europe/Helsingfors'));
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({
      code: 1,
      stderr:
        'TIME_ZONE must be an IANA time zone name such as Europe/Helsinki, got "Europe/Helsingfors"\n',
    });
  });

  it('prints the audit log in TIME_ZONE, the day asked for with it', async () => {
    await exported(['--since', '2026-11-25']);
    const log = (await runStaffCommand(['audit-log'], target, inZone('Asia/Kolkata'))).stdout;
    const lines = log.toString('utf8').trim().split('\n').slice(1);

    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30 /);
    expect(log.toString('utf8')).toContain('since=2026-11-25T00:00:00+02:00');
  });

  it.each([
    ['sv', [], 'Mottagen'],
    ['en', ['--language', 'en'], 'Received'],
  ])(
    'gives the xlsx received time in Helsinki, headed in %s, through the running server',
    async (_language, args, heading) => {
      await server.start();
      try {
        const [header, ...rows] = await readSheet(
          await exported(
            ['--format', 'xlsx', '--since', '2026-11-25', ...args],
            'America/New_York',
          ),
        );
        const column = header.indexOf(heading);

        // Through the server its TIME_ZONE applies: Helsinki's, whatever the command's.
        expect(column).toBeGreaterThan(-1);
        expect(rows.map((row) => (row[column] as unknown as Date).toISOString())).toEqual([
          '2026-11-25T00:03:00.000Z',
        ]);
      } finally {
        await server.stop();
      }
    },
  );
});

(hasLibreOffice ? describe : describe.skip)('the xlsx export read by LibreOffice', () => {
  let server: RunningServer;
  // One LibreOffice profile for both runs: creating one takes LibreOffice's first start seconds.
  const profile = `file://${makeTempDir('server-test-soffice-')}/profile`;

  beforeAll(async () => {
    server = await startServer({
      entry: 'compiled',
      dataDir: makeMigratedDataDir(),
      env: { STATIC_DIR: makeStaticDir() },
    });
  });

  afterAll(() => server?.dispose());

  it('is a workbook LibreOffice reads back, å, ä and ö intact, no formula run', async () => {
    const client = await connectGraphql(server.url);
    const registration = validRegistration({
      lastName: 'Åkerström-Öhman',
      // A leading + starts a formula in a spreadsheet; the comma a new cell in a CSV.
      address: '+1+1, Åäö väg 2',
    });
    expect((await client.submit(registration)).status).toBe(200);
    const outDir = makeTempDir('server-test-xlsx-');
    const file = path.join(outDir, 'registrations.xlsx');

    // As the staff type it: through npm, the workbook redirected into a file.
    const npm = spawnSync('sh', ['-c', `npm run export -- --format xlsx > "${file}"`], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: 'utf8',
    });
    expect(npm.status).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        outDir,
        file,
      ],
      { stdio: 'ignore' },
    );
    const [row] = parseCsv(fs.readFileSync(path.join(outDir, 'registrations.csv'), 'utf8'));

    // Headed in Swedish, the staff's language by default.
    expect(row).toMatchObject({
      Efternamn: registration.lastName,
      Gatuadress: registration.address,
      Postanstalt: registration.city,
      'E-postadress': registration.email,
      Telefonnummer: registration.phoneNumber,
      Villkor: 'Ja',
    });
    expect(row.Mottagen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  (hasGhostscript ? it : it.skip)(
    'shows every heading and value whole when LibreOffice prints it, the date not as ###',
    async () => {
      const client = await connectGraphql(server.url);
      expect((await client.submit(validRegistration())).status).toBe(200);
      const outDir = makeTempDir('server-test-xlsx-print-');
      const file = path.join(outDir, 'registrations.xlsx');
      const xlsx = await run(['export', '--format', 'xlsx'], { DATA_DIR: server.dataDir });
      fs.writeFileSync(file, xlsx);
      const [headings, ...rows] = await readSheet(xlsx);

      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=${profile}`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          file,
        ],
        { stdio: 'ignore' },
      );
      // The text as printed: a cell too narrow for its text shows it cut, a date shows ###.
      const printed = execFileSync('gs', [
        '-q',
        '-sDEVICE=txtwrite',
        '-o',
        '-',
        path.join(outDir, 'registrations.pdf'),
      ]).toString('utf8');

      expect(printed).not.toContain('###');
      expect(printed).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      const texts = [...headings, ...rows.flat()].filter((cell) => typeof cell === 'string');
      expect(texts.filter((text) => !printed.includes(text))).toEqual([]);
    },
  );
});
