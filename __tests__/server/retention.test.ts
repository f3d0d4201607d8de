/** @jest-environment node */
/**
 * RETENTION_DAYS as the app applies it on its own: at start, then daily, on jest's clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createRegistrationStore } from '../../server/db/registrations';
import { validRegistration } from '../../testing/registrations';
import { databaseTimeoutMs, removeTempDirs } from './support/fixtures';
import { testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const day = 24 * 60 * 60 * 1000;
/** How long the purge may take, in real time, once its day has come (a limit, not asserted). */
const purgeLimitMs = 10_000;

let app: FastifyInstance;

beforeAll(async () => {
  // Opening the database waits on timers of its own: the clock is faked once it is open.
  app = await buildApp(testAppOptions({ retentionDays: 30, deferWork: true }));
  // Timers only: the database's I/O waits on setImmediate, and the time it stores stays real.
  jest.useFakeTimers({
    doNotFake: [
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'Date',
      'hrtime',
      'performance',
    ],
  });
  await app.startWork();
});

afterAll(async () => {
  await app?.close();
  jest.useRealTimers();
  removeTempDirs();
});

/** A registration received `days` ago, stored as the API stores one; its email. */
async function storeReceivedDaysAgo(days: number): Promise<string> {
  const values = validRegistration();
  await createRegistrationStore(app.operations.database).save(values, 'sv');
  await app.operations.database.query(
    'UPDATE registrations SET created_at = now() - make_interval(days => $2) WHERE email = $1',
    [values.email, days],
  );
  return values.email;
}

async function isStored(email: string): Promise<boolean> {
  const rows = await app.operations.database.query('SELECT 1 FROM registrations WHERE email = $1', [
    email,
  ]);
  return rows.length > 0;
}

/** Whether `email` is gone within the purge's limit, waiting in real time. */
async function isPurged(email: string): Promise<boolean> {
  const deadline = Date.now() + purgeLimitMs;
  while (Date.now() < deadline) {
    if (!(await isStored(email))) return true;
    await sleep(50);
  }
  return false;
}

describe('the retention purge', () => {
  it('runs again every 24 hours while the app runs', async () => {
    const kept = await storeReceivedDaysAgo(29);
    for (let round = 1; round <= 2; round += 1) {
      const expired = await storeReceivedDaysAgo(31);
      await jest.advanceTimersByTimeAsync(day - 1);
      expect(await isStored(expired)).toBe(true);
      await jest.advanceTimersByTimeAsync(1);
      expect(await isPurged(expired)).toBe(true);
    }
    expect(await isStored(kept)).toBe(true);
  });

  it("deletes with it a confirmation file whose registration is gone, and past hours' counts", async () => {
    const { database } = app.operations;
    await database.query(
      "INSERT INTO confirmations_queued (hour, queued) VALUES (now() - interval '25 hours', 7)",
    );
    const orphan = path.join(app.operations.mailDir, 'registration-999999.eml');
    fs.mkdirSync(app.operations.mailDir, { recursive: true });
    fs.writeFileSync(orphan, 'left by an erase that raced the outbox');
    await jest.advanceTimersByTimeAsync(day);

    const pastHours = async () =>
      (
        await database.query<{ count: number }>(
          "SELECT count(*)::integer AS count FROM confirmations_queued WHERE hour < now() - interval '1 day'",
        )
      )[0].count;
    const deadline = Date.now() + purgeLimitMs;
    while ((fs.existsSync(orphan) || (await pastHours()) > 0) && Date.now() < deadline) {
      await sleep(50);
    }
    expect(fs.existsSync(orphan)).toBe(false);
    expect(await pastHours()).toBe(0);
  });
});
