/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { migrate, schemaVersions } from '../../server/db/migrations';
import {
  createRegistrationStore,
  eraseRegistrations,
  purgeRegistrations,
  readRegistrations,
} from '../../server/db/registrations';
import * as registrationReference from '../../server/db/registrationReference';
import type { RegistrationValues } from '../../src/contract/fields';
import { validValues } from '../../testing/registrations';
import {
  countRegistrations,
  databaseTimeoutMs,
  makeDataDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

jest.setTimeout(databaseTimeoutMs);

const dataDir = makeDataDir();
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
    expect(versions).toEqual(schemaVersions.map((version) => ({ version })));
  });
});

describe('storing registrations on PGlite', () => {
  it('commits a burst of concurrent submissions in a few transactions', async () => {
    const counted = countingQueries(database);
    const store = createRegistrationStore(counted.database);

    await Promise.all(
      Array.from({ length: 300 }, (_, index) => store.save(registration(index), 'sv')),
    );

    expect(await countRegistrations(database)).toBe(300);
    expect(counted.statements()).toBeLessThanOrEqual(3);
  });

  it('stores identical submissions once, also when they arrive together', async () => {
    const store = createRegistrationStore(database);

    await Promise.all([1, 2, 3].map(() => store.save(validValues, 'sv')));
    await store.save(validValues, 'sv');

    expect(await countRegistrations(database)).toBe(1);
  });

  it('refuses a value PostgreSQL cannot store without failing the rest of its batch', async () => {
    const store = createRegistrationStore(database);

    const results = await Promise.allSettled([
      store.save(registration(1), 'sv'),
      store.save({ ...validValues, email: 'nul\u0000byte@example.edu' }, 'sv'),
      store.save(registration(2), 'sv'),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await countRegistrations(database)).toBe(2);
  });

  it('reads every registration back, oldest first, each with its own reference code', async () => {
    const store = createRegistrationStore(database);
    for (let index = 0; index < 5; index += 1) await store.save(registration(index), 'sv');

    const stored = await readRegistrations(database);

    expect(stored.map((row) => row.email)).toEqual(
      [0, 1, 2, 3, 4].map((index) => registration(index).email),
    );
    for (const row of stored) expect(row.reference).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(new Set(stored.map((row) => row.reference)).size).toBe(5);
  });

  it('draws a new reference when the one drawn is taken, and stores the registration', async () => {
    const store = createRegistrationStore(database);
    const draw = jest.spyOn(registrationReference, 'newRegistrationReference');
    draw.mockReturnValueOnce('TAKEN234');
    await store.save(registration(1), 'sv');
    draw.mockReturnValueOnce('TAKEN234');
    await store.save(registration(2), 'sv');
    // Once for the first; for the second, the code taken and then a fresh one.
    expect(draw).toHaveBeenCalledTimes(3);
    draw.mockRestore();

    const stored = await readRegistrations(database);
    expect(stored.map((row) => row.email)).toEqual([1, 2].map((i) => registration(i).email));
    expect(stored[0].reference).toBe('TAKEN234');
    expect(stored[1].reference).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(stored[1].reference).not.toBe('TAKEN234');
  });
});

describe('what the staff do with the stored registrations', () => {
  /** Stores the registrations, then dates each one `daysAgo[i]` days back. */
  async function storeReceived(daysAgo: number[]) {
    const store = createRegistrationStore(database);
    for (const [index] of daysAgo.entries()) await store.save(registration(index), 'sv');
    for (const [index, days] of daysAgo.entries()) {
      await database.query(
        `UPDATE registrations SET created_at = now() - make_interval(days => $1) WHERE email = $2`,
        [days, registration(index).email],
      );
    }
  }

  it('reads only what arrived since a given time', async () => {
    await storeReceived([10, 3, 1]);
    const since = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000);

    const stored = await readRegistrations(database, since);

    expect(stored.map((row) => row.email)).toEqual([1, 2].map((i) => registration(i).email));
  });

  it('erases every registration of one address, in any letter case, and nothing else', async () => {
    const store = createRegistrationStore(database);
    await store.save(registration(1), 'sv');
    await store.save({ ...registration(1), city: 'Åbo' }, 'sv');
    await store.save(registration(2), 'sv');

    const erased = await eraseRegistrations(database, {
      email: ` ${registration(1).email.toUpperCase()} `,
    });

    expect(erased).toBe(2);
    expect((await readRegistrations(database)).map((row) => row.email)).toEqual([
      registration(2).email,
    ]);
  });

  it('erases one registration by its reference code, typed in lower case', async () => {
    await storeReceived([0, 0]);
    const [first, second] = await readRegistrations(database);

    expect(await eraseRegistrations(database, { reference: first.reference.toLowerCase() })).toBe(
      1,
    );
    expect((await readRegistrations(database)).map((row) => row.id)).toEqual([second.id]);
    expect(await eraseRegistrations(database, { reference: first.reference })).toBe(0);
  });

  it('purges what is older than the retention period and keeps the rest', async () => {
    await storeReceived([400, 366, 364, 0]);

    expect(await purgeRegistrations(database, 365)).toBe(2);
    expect((await readRegistrations(database)).map((row) => row.email)).toEqual(
      [2, 3].map((i) => registration(i).email),
    );
  });
});

describe('DATA_DIR', () => {
  it('keeps every row across a restart', async () => {
    const restartDir = makeDataDir();
    const first = await openTestDatabase(restartDir);
    await migrate(first);
    const store = createRegistrationStore(first);
    await Promise.all([1, 2, 3].map((index) => store.save(registration(index), 'sv')));
    await first.close();

    const second = await openTestDatabase(restartDir);
    try {
      await migrate(second);
      const stored = await readRegistrations(second);
      expect(stored).toEqual(
        [1, 2, 3].map((index) => ({
          ...registration(index),
          id: expect.any(Number),
          reference: expect.any(String),
          language: 'sv',
          createdAt: expect.any(Date),
          state: 'new',
          assignee: null,
          version: 1,
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
    const staleDir = makeDataDir();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(staleDir, 'server.pid'), `${ended.stdout.toString()}\n`);

    const reopened = await openTestDatabase(staleDir);
    await reopened.close();

    expect(fs.existsSync(path.join(staleDir, 'server.pid'))).toBe(false);
  });
});
