/** @jest-environment node */
/**
 * What the staff's commands leave in DATA_DIR and in the audit log: files for the server user
 * alone, the retention purge at start and on demand, and an audit log no one can forge lines in.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseCsv } from '../testing/csv';
import { connectGraphql } from '../testing/graphqlClient';
import { validRegistration } from '../testing/registrations';
import { repoRoot } from '../testing/paths';
import { runStaffCommand, startServer } from '../testing/server';
import {
  openTestDatabase,
  databaseTimeoutMs,
  makeDataDir,
  makeStaticDir,
  makeTempDir,
  removeTempDirs,
} from '../__tests__/server/support/fixtures';
import {
  confirmationFile,
  exportedRows,
  run,
  waitForFiles,
} from '../__tests__/server/support/staffCommands';

jest.setTimeout(4 * databaseTimeoutMs);

afterAll(removeTempDirs);

describe('the embedded database at rest', () => {
  it('keeps every file under DATA_DIR to the server user, even started with umask 000', async () => {
    const dataDir = makeTempDir('server-test-umask-');
    fs.chmodSync(dataDir, 0o777);
    fs.writeFileSync(path.join(dataDir, 'left-open'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'left-open'), 0o666);
    const server = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: makeStaticDir(), LOG_LEVEL: 'info' },
      wrapper: ['sh', '-c', 'umask 000; exec "$@"', 'sh'],
    });
    const openToOthers = () =>
      fs
        .readdirSync(dataDir, { recursive: true })
        .map((name) => path.join(dataDir, String(name)))
        .concat(dataDir)
        .filter((entry) => fs.lstatSync(entry).mode & 0o077);
    let openWhileRunning: string[];
    let created: string[];
    try {
      const client = await connectGraphql(server.url);
      expect((await client.submit(validRegistration())).status).toBe(200);
      const [row] = parseCsv((await run(['export'], { DATA_DIR: dataDir })).toString('utf8'));
      // Made after the start, by calls that leave the mode to the umask (the lock's pid file).
      await waitForFiles([confirmationFile(dataDir, row.id)]);
      created = fs.readdirSync(dataDir);
      openWhileRunning = openToOthers();
    } finally {
      await server.stop();
    }

    expect(created).toEqual(expect.arrayContaining(['server.pid', 'staff.sock', 'mail']));
    expect(openWhileRunning).toEqual([]);
    expect(openToOthers()).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'pgdata')).length).toBeGreaterThan(5);
    expect(server.output()).toContain('DATA_DIR was open to other users');
  });

  it('purges what is past RETENTION_DAYS at start, and npm run purge at once', async () => {
    const dataDir = makeDataDir();
    const server = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: makeStaticDir() },
    });
    const sent = [validRegistration(), validRegistration(), validRegistration()];
    let files: string[];
    try {
      const client = await connectGraphql(server.url);
      for (const registration of sent) await client.submit(registration);
      const rows = parseCsv((await run(['export'], { DATA_DIR: dataDir })).toString('utf8'));
      files = rows.map((row) => confirmationFile(dataDir, row.id));
      await waitForFiles(files);
    } finally {
      await server.stop();
    }

    const backdate = await openTestDatabase(dataDir);
    for (const [registration, days] of [
      [sent[0], 40],
      [sent[1], 20],
    ] as const) {
      await backdate.query(
        `UPDATE registrations SET created_at = now() - make_interval(days => $2) WHERE email = $1`,
        [registration.email, days],
      );
    }
    await backdate.close();

    const restarted = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: makeStaticDir(), RETENTION_DAYS: '30' },
    });
    // `npm run purge` with its own RETENTION_DAYS, which a running server overrules with its own.
    const purgeKeepingTenDays = () =>
      runStaffCommand(
        ['purge'],
        { DATA_DIR: dataDir },
        {
          entry: 'compiled',
          env: { RETENTION_DAYS: '10' },
        },
      );
    try {
      expect((await exportedRows({ DATA_DIR: dataDir })).map((row) => row.email)).toEqual([
        sent[1].email,
        sent[2].email,
      ]);
      const purge = await purgeKeepingTenDays();
      // Through the running server, whose RETENTION_DAYS (30) applies.
      expect(purge.stdout.toString()).toBe(
        'Purged 0 registrations received more than 30 days ago.\n',
      );
      expect(files.map((file) => fs.existsSync(file))).toEqual([false, true, true]);
    } finally {
      await restarted.stop();
    }
    const direct = await purgeKeepingTenDays();
    expect(direct.stdout.toString()).toBe(
      'Purged 1 registration received more than 10 days ago.\n',
    );
    expect(files.map((file) => fs.existsSync(file))).toEqual([false, false, true]);
    const log = (await run(['audit-log'], { DATA_DIR: dataDir })).toString();
    expect(log).toMatch(/scheduled purge\s+1\s/);
  });
});

describe('the audit log', () => {
  it('keeps no control character from the staff socket, and prints none from the database', async () => {
    const dataDir = makeDataDir();
    const server = await startServer({
      entry: 'compiled',
      dataDir,
      env: { STATIC_DIR: makeStaticDir() },
    });
    // ESC clears the terminal's line, CR LF starts a forged one, U+202E reverses what follows.
    const forgedUser = 'eve\u001b[2K\r\n2026-01-01T00:00:00.000Z  export  0  root\u202E';
    let answer: number | undefined;
    try {
      answer = await new Promise<number | undefined>((resolve, reject) => {
        const request = http.request(
          { socketPath: path.join(dataDir, 'staff.sock'), path: '/commands', method: 'POST' },
          (response) => response.resume().on('end', () => resolve(response.statusCode)),
        );
        request.on('error', reject);
        request.setHeader('content-type', 'application/json');
        request.end(JSON.stringify({ request: { command: 'purge' }, actor: forgedUser }));
      });
    } finally {
      await server.stop();
    }
    const database = await openTestDatabase(dataDir);
    const [stored] = await database.query<{ os_user: string }>(
      "SELECT os_user FROM audit_log WHERE command = 'purge'",
    );
    // The database refuses it (migration 22); a hand-edited one might not, and the command's own
    // printing holds then too.
    await expect(
      database.query(
        `INSERT INTO audit_log (command, row_count, os_user, details) VALUES ('export', 1, $1, '')`,
        [forgedUser],
      ),
    ).rejects.toMatchObject({ constraint: 'audit_log_os_user_printable' });
    await database.query(
      `ALTER TABLE audit_log DROP CONSTRAINT audit_log_os_user_printable,
         DROP CONSTRAINT audit_log_details_printable`,
    );
    await database.query(
      `INSERT INTO audit_log (command, row_count, os_user, details)
       VALUES ('export', 1, $1, $2)`,
      [forgedUser, 'format=csv\u009b2J\u2028\u007f'],
    );
    const [{ rows }] = await database.query<{ rows: number }>(
      'SELECT count(*)::integer AS rows FROM audit_log',
    );
    await database.close();
    const lines = (await run(['audit-log'], { DATA_DIR: dataDir })).toString('utf8').split('\n');

    const controls = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
    expect(answer).toBe(200);
    expect(stored.os_user).toBe('eve[2K2026-01-01T00:00:00.000Z  export  0  root');
    expect(lines.filter((line) => controls.test(line))).toEqual([]);
    // The header, a line per entry, and the final line break: no line of the forger's.
    expect(lines).toHaveLength(1 + rows + 1);
    expect(lines.filter((line) => line.startsWith('2026-01-01'))).toEqual([]);
  });

  it("keys the hashes with the server's secret, so that its holder can confirm a known address", async () => {
    const address = 'anna.berg@example.edu';
    // The administrator's recipe in README, run as it is printed there, in a directory holding
    // data/xsrf-secret.
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const recipe = readme
      .split('```')
      .find((block) => block.startsWith('sh\n') && block.includes('audit-log subject'))!
      .slice('sh\n'.length);
    const hashWith = (secret: string) => {
      const dir = makeTempDir('server-test-recipe-');
      fs.mkdirSync(path.join(dir, 'data'));
      fs.writeFileSync(path.join(dir, 'data', 'xsrf-secret'), secret);
      return execFileSync('sh', ['-c', recipe], { cwd: dir }).toString().trim();
    };
    const secrets = [
      'a-secret-of-one-server-0123456789abcdef',
      'the-secret-of-another-server-9876543210',
    ];

    const logs = [];
    for (const secret of secrets) {
      const target = { DATA_DIR: makeDataDir() };
      const options = { entry: 'compiled' as const, env: { XSRF_SECRET: secret } };
      const erased = await runStaffCommand(['erase', '--email', address], target, options);
      expect(erased.stdout.toString()).toBe('Erased 0 registrations by email.\n');
      logs.push((await runStaffCommand(['audit-log'], target, options)).stdout.toString());
    }

    const hashes = secrets.map(hashWith);
    expect(hashes[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(logs[0]).toMatch(new RegExp(`erase\\s+0\\s+\\S+\\s+email-hash=${hashes[0]}$`, 'm'));
    expect(logs[1]).toMatch(new RegExp(`erase\\s+0\\s+\\S+\\s+email-hash=${hashes[1]}$`, 'm'));
  });
});
