/** @jest-environment node */
/**
 * `npm run restore-drill` as staff run it, against a server taking registrations; and the row
 * comparison it rests on, given copies that differ.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compareRows } from '../../server/operations/rowChecksums';
import { connectGraphql } from '../../testing/graphqlClient';
import { validRegistration } from '../../testing/registrations';
import { runStaffCommand, startServer, type StaffTarget } from '../../testing/server';
import { testServiceUrl } from '../../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../testing/throwawayDatabase';
import {
  databaseTimeoutMs,
  makeDataDir,
  makeStaticDir,
  makeTempDir,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(3 * databaseTimeoutMs);

afterAll(removeTempDirs);

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

const backends: [string, string, () => Promise<ThrowawayDatabase | undefined>][] = [
  ['the embedded database', 'a throwaway embedded database', async () => undefined],
];
if (postgresUrl) {
  backends.push([
    'PostgreSQL (DATABASE_URL)',
    'a throwaway PostgreSQL database',
    () => createThrowawayDatabase(postgresUrl, 'drill_test'),
  ]);
}

describe.each(backends)('on %s', (_name, throwawayKind, makeDatabase) => {
  it('restores the running data into a throwaway database and finds every row the same', async () => {
    const database = await makeDatabase();
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    const server = await startServer({
      entry: 'compiled',
      env: { STATIC_DIR: makeStaticDir(), ...env },
    });
    try {
      const client = await connectGraphql(server.url);
      const sent = [validRegistration({ city: 'Övningby' }), validRegistration({ city: 'Testby' })];
      for (const registration of sent) expect((await client.submit(registration)).status).toBe(200);
      const target: StaffTarget = { ...env, DATA_DIR: server.dataDir };

      const result = await runStaffCommand(['restore-drill'], target, { entry: 'compiled' });

      const output = result.stdout.toString('utf8');
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      for (const step of ['backup', 'check', 'prepare', 'restore', 'read back', 'compare']) {
        expect(output).toMatch(new RegExp(`^  ${step} +\\d+\\.\\d\\d s$`, 'm'));
      }
      expect(output).toContain(`(restoring into ${throwawayKind}`);
      expect(output).toMatch(
        /^ {2}registrations +2 rows, checksum ([0-9a-f]{16}); restored 2, \1: the same$/m,
      );
      expect(output).toMatch(/^ {2}outbox +\d+ rows, .*: the same$/m);
      expect(output).toMatch(/^ {2}audit_log +\d+ rows, .*: the same$/m);
      const tableLines = output.split('\n').filter((line) => line.includes(' rows, checksum '));
      const figuresAt = new Set(tableLines.map((line) => line.search(/\d+ rows, /)));
      expect(tableLines.length).toBeGreaterThan(2);
      expect(figuresAt.size).toBe(1); // every table's figures in one column
      expect(output).toMatch(/^Passed: every row restored as it was backed up\.$/m);
      // The restore's own time, apart from the drill's; a real restore also makes its database.
      const stepTime = (step: string) =>
        Number(output.match(new RegExp(`^  ${step} +(\\d+\\.\\d\\d) s$`, 'm'))?.[1]);
      const [, restore, real, drill] =
        output.match(
          /^The restore took (\d+\.\d\d) s; a real one, which makes its database first, about (\d+\.\d\d) s\. The drill took (\d+\.\d\d) s in all\.$/m,
        ) ?? [];
      expect(Number(restore)).toBe(stepTime('restore'));
      expect(Number(real)).toBeCloseTo(stepTime('restore') + stepTime('prepare'), 1);
      expect(Number(drill)).toBeGreaterThan(Number(real));
      for (const registration of sent) {
        for (const value of [registration.email, registration.city, registration.phoneNumber]) {
          expect(output).not.toContain(value);
        }
      }
    } finally {
      await server.dispose();
      await database?.drop();
    }
  });
});

it('fails on data that holds nothing, as a mistyped DATA_DIR opens, naming what to check', async () => {
  const result = await runStaffCommand(
    ['restore-drill'],
    { DATA_DIR: makeDataDir() },
    {
      entry: 'compiled',
    },
  );

  expect(result.code).toBe(1);
  expect(result.stdout.toString('utf8')).toMatch(
    /^FAILED: the backup holds no rows, so it proves nothing\. Check that DATA_DIR or DATABASE_URL names the running data\.$/m,
  );
});

it.each([
  ['does not exist', () => path.join(makeTempDir('server-test-drill-'), 'dat')],
  ['holds no embedded database', () => makeTempDir('server-test-drill-')],
])('refuses a DATA_DIR that %s, naming it, and makes no database there', async (found, dir) => {
  const dataDir = dir();
  const before = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : undefined;

  const result = await runStaffCommand(
    ['restore-drill'],
    { DATA_DIR: dataDir },
    { entry: 'compiled' },
  );

  expect(result.code).toBe(1);
  expect(result.stdout.toString('utf8')).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toEqual([
    `Cannot drill: DATA_DIR ${dataDir} ${found}. Set DATA_DIR to the running server's (or DATABASE_URL to its database).`,
  ]);
  expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : undefined).toEqual(before);
});

describe('comparing a backup with what was restored', () => {
  const row = (id: number, city: string) => ({ id, city, terms: true });
  const copy = (...rows: Record<string, unknown>[]) => new Map([['registrations' as const, rows]]);
  const backedUp = copy(row(1, 'Åbo'), row(2, 'Vasa'), row(3, 'Borgå'));

  it('finds the same rows the same, whatever order their columns come in', () => {
    const restored = copy({ terms: true, city: 'Åbo', id: 1 }, row(2, 'Vasa'), row(3, 'Borgå'));

    const [comparison] = compareRows(randomBytes(32), backedUp, restored);

    expect(comparison.differingIds).toEqual([]);
    expect(comparison.actualChecksum).toBe(comparison.expectedChecksum);
  });

  it('names, by id only, a changed row, a lost one and one too many', () => {
    const restored = copy(row(1, 'Åbo'), row(2, 'Vasa '), row(4, 'Ekenäs'));

    const [comparison] = compareRows(randomBytes(32), backedUp, restored);

    expect(comparison).toEqual(
      expect.objectContaining({ expectedRows: 3, actualRows: 3, differingIds: [2, 3, 4] }),
    );
    expect(comparison.actualChecksum).not.toBe(comparison.expectedChecksum);
  });

  it('keys its checksums: another drill prints others for the same rows', () => {
    const checksum = () => compareRows(randomBytes(32), backedUp, backedUp)[0].expectedChecksum;
    expect(checksum()).not.toBe(checksum());
  });
});
