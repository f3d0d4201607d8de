/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrations';
import { createRegistrationStore } from '../../server/db/registrations';
import type { RegistrationValues } from '../../src/features/registration/fields';
import { validValues } from '../../testing/registrations';
import {
  countRegistrations,
  databaseTimeoutMs,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

const dataDir = makeTempDir('server-test-storage-');
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase(dataDir);
  await migrate(database);
});

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

beforeEach(() => database.query('DELETE FROM registrations'));

function registration(index: number): RegistrationValues {
  return { ...validValues, email: `student.${index}@example.edu` };
}

/** Counts the statements sent, to see batching. */
function countingQueries(target: Database): { database: Database; statements: () => number } {
  let statements = 0;
  return {
    database: {
      ...target,
      query: (sql, params) => {
        statements += 1;
        return target.query(sql, params);
      },
    },
    statements: () => statements,
  };
}

describe('migrations', () => {
  it('run at every start and apply each version once', async () => {
    await migrate(database);
    await migrate(database);

    const versions = await database.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    expect(versions).toEqual([{ version: 1 }]);
  });
});

describe('storing registrations on PGlite', () => {
  it('commits a burst of concurrent submissions in a few transactions', async () => {
    const counted = countingQueries(database);
    const store = createRegistrationStore(counted.database);

    await Promise.all(Array.from({ length: 300 }, (_, index) => store.save(registration(index))));

    expect(await countRegistrations(database)).toBe(300);
    expect(counted.statements()).toBeLessThanOrEqual(3);
  });

  it('stores identical submissions once, also when they arrive together', async () => {
    const store = createRegistrationStore(database);

    await Promise.all([1, 2, 3].map(() => store.save(validValues)));
    await store.save(validValues);

    expect(await countRegistrations(database)).toBe(1);
  });

  it('refuses a value PostgreSQL cannot store without failing the rest of its batch', async () => {
    const store = createRegistrationStore(database);

    const results = await Promise.allSettled([
      store.save(registration(1)),
      store.save({ ...validValues, email: 'nul\u0000byte@example.edu' }),
      store.save(registration(2)),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await countRegistrations(database)).toBe(2);
  });

  it('reads every registration back, oldest first, a page at a time', async () => {
    const store = createRegistrationStore(database);
    for (let index = 0; index < 5; index += 1) await store.save(registration(index));

    const emails = [];
    for await (const stored of store.all(2)) emails.push(stored.email);

    expect(emails).toEqual([0, 1, 2, 3, 4].map((index) => registration(index).email));
  });
});

describe('DATA_DIR', () => {
  it('keeps every row across a restart', async () => {
    const restartDir = makeTempDir('server-test-restart-');
    const first = await openTestDatabase(restartDir);
    await migrate(first);
    const store = createRegistrationStore(first);
    await Promise.all([1, 2, 3].map((index) => store.save(registration(index))));
    await first.close();

    const second = await openTestDatabase(restartDir);
    try {
      await migrate(second);
      const stored = [];
      for await (const row of createRegistrationStore(second).all()) stored.push(row);
      expect(stored).toEqual(
        [1, 2, 3].map((index) => ({
          ...registration(index),
          id: expect.any(Number),
          createdAt: expect.any(Date),
        })),
      );
    } finally {
      await second.close();
    }
  });

  it('is refused while another running process holds it', async () => {
    const lockedDir = makeTempDir('server-test-locked-');
    fs.writeFileSync(path.join(lockedDir, 'server.pid'), `${process.ppid}\n`);

    await expect(openTestDatabase(lockedDir)).rejects.toThrow(
      `is in use by process ${process.ppid}`,
    );
  });

  it('is taken over from a process that has ended', async () => {
    const staleDir = makeTempDir('server-test-stale-');
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(staleDir, 'server.pid'), `${ended.stdout.toString()}\n`);

    const reopened = await openTestDatabase(staleDir);
    await reopened.close();

    expect(fs.existsSync(path.join(staleDir, 'server.pid'))).toBe(false);
  });
});
