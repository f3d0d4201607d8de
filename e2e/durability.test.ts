/**
 * A registration is acknowledged only once its WAL is on disk. A SIGKILL cannot show this (data
 * the kernel has cached survives the end of a process), so the server runs under strace, and the
 * trace must show an fsync of a WAL file between the submission's arrival and its answer.
 * Mutation caught: PostgreSQL inside PGlite with fsync off (`-F` kept among its start parameters),
 * or NODEFS without the fsync it forwards to the file (server/db/pgliteWorker.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { connectGraphql } from '../testing/graphqlClient';
import { validValues } from '../testing/registrations';
import { startServer, type RunningServer } from '../testing/server';
import {
  databaseTimeoutMs,
  makeStaticDir,
  makeTempDir,
  removeTempDirs,
} from '../__tests__/server/support/fixtures';

jest.setTimeout(2 * databaseTimeoutMs);

const walSync = /^\d+\s+(\d+\.\d+)\s+f(?:data)?sync\(\d+<[^>]*\/pg_wal\/[^>]*>/;

let server: RunningServer | undefined;

afterAll(async () => {
  await server?.dispose();
  removeTempDirs();
});

/** The times (seconds since the epoch) at which a WAL file was synced. */
function walSyncTimes(trace: string): number[] {
  return fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = walSync.exec(line);
      return match ? [Number(match[1])] : [];
    });
}

it('answers a submission only after an fsync of the embedded database WAL', async () => {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
  } catch {
    throw new Error('This test needs strace (apt-get install strace; .ci/run installs it).');
  }
  const dataDir = makeTempDir('server-test-durability-');
  const trace = path.join(makeTempDir('server-test-trace-'), 'syscalls.txt');
  server = await startServer({
    entry: 'source',
    dataDir,
    env: { STATIC_DIR: makeStaticDir() },
    // -f: every thread (PGlite runs in a worker); -y: file paths; -ttt: wall-clock seconds.
    wrapper: ['strace', '-f', '-y', '-ttt', '-e', 'trace=fsync,fdatasync', '-o', trace],
  });
  const client = await connectGraphql(server.url);

  const answers = [];
  for (let i = 0; i < 3; i += 1) {
    const sent = Date.now() / 1000;
    const answer = await client.submit({ ...validValues, email: `durable.${i}@example.edu` });
    answers.push({ status: answer.status, sent, answered: Date.now() / 1000 });
  }
  expect(await server.stop()).toBe(0);

  const syncs = walSyncTimes(trace);
  for (const { status, sent, answered } of answers) {
    expect(status).toBe(200);
    expect(syncs.filter((time) => time >= sent && time <= answered).length).toBeGreaterThan(0);
  }
});
