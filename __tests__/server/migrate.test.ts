/** @jest-environment node */
/**
 * `npm run migrate` as the person running a rolling upgrade sees it: it migrates the database and
 * exits with 0, or says in one line why not, naming DATA_DIR or DATABASE_URL, and exits with 1.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { applyMigrations, schemaVersion, schemaVersions } from '../../server/db/migrations';
import { repoRoot } from '../../testing/paths';
import { freePort } from '../../testing/server';
import {
  databaseTimeoutMs,
  makeDataDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

afterAll(removeTempDirs);

/** The command from its sources (`npm run migrate` builds them first, then runs the same). */
function runMigrate(env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/migrate.ts'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** The lines that name a migration applied: its version, then what it did. */
const migrationLines = (stdout: string) =>
  stdout
    .split('\n')
    .slice(1, -1)
    .map((line) => line.match(/^ +(\d+) {2}(\S.*)$/));

describe('npm run migrate', () => {
  it('applies every migration to a fresh DATA_DIR, a line for each, and exits with 0', async () => {
    const dataDir = makeTempDir('server-test-migrate-');
    const result = await runMigrate({ DATA_DIR: dataDir });

    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [first] = result.stdout.split('\n');
    expect(first).toBe(`DATA_DIR ${dataDir}: from no schema to schema version ${schemaVersion}.`);
    const lines = migrationLines(result.stdout);
    expect(lines.map((line) => Number(line?.[1]))).toEqual(schemaVersions);
    // Each says what it did, in words of its own.
    expect(new Set(lines.map((line) => line?.[2])).size).toBe(schemaVersions.length);
    expect(result.stdout).toContain(`  12  webhooks and their deliveries\n`);
    const database = await openTestDatabase(dataDir);
    const applied = await database.query('SELECT version FROM schema_migrations ORDER BY version');
    await database.close();
    expect(applied).toEqual(schemaVersions.map((version) => ({ version })));
  });

  it('says from which version an upgrade began, and applies only what came since', async () => {
    const dataDir = makeDataDir();
    const earlier = await openTestDatabase(dataDir);
    await earlier.transaction((tx) => applyMigrations(tx, 9));
    await earlier.close();

    const result = await runMigrate({ DATA_DIR: dataDir });

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n')[0]).toBe(
      `DATA_DIR ${dataDir}: from schema version 9 to schema version ${schemaVersion}.`,
    );
    expect(migrationLines(result.stdout).map((line) => Number(line?.[1]))).toEqual(
      schemaVersions.filter((version) => version > 9),
    );
  });

  it('applies nothing the second time, says so, and exits with 0', async () => {
    const dataDir = makeDataDir();
    await runMigrate({ DATA_DIR: dataDir });

    expect(await runMigrate({ DATA_DIR: dataDir })).toEqual({
      code: 0,
      stdout: `DATA_DIR ${dataDir} is at schema version ${schemaVersion}: nothing to apply.\n`,
      stderr: '',
    });
  });

  it('names DATA_DIR once in one line, says to stop the server, and exits with 1, when another process holds it', async () => {
    const dataDir = makeTempDir('server-test-migrate-');
    // This test's own process holds it, as a running server would.
    fs.writeFileSync(path.join(dataDir, 'server.pid'), `${process.pid}\n`);
    const result = await runMigrate({ DATA_DIR: dataDir });

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `Cannot migrate: DATA_DIR ${dataDir} is in use by process ${process.pid} (its server, or a command): stop the server first, then migrate and start the new release.`,
    ]);
  });

  it('names DATABASE_URL in one line without its password, and exits with 1, when nothing answers there', async () => {
    const url = `postgres://staff:s3cret-word@127.0.0.1:${await freePort()}/registrations`;
    const result = await runMigrate({ DATABASE_URL: url });

    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^Cannot migrate: the PostgreSQL at DATABASE_URL: /),
    ]);
    expect(result.stderr).not.toContain('s3cret-word');
  });
});
