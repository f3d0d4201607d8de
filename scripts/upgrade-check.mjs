/**
 * `npm run test:upgrade`: the previous release (the commit in .ci/previous-release, in a git
 * worktree with its own install) and this one side by side on one throwaway PostgreSQL database
 * (on DATABASE_URL_TEST's server), this one migrating while the previous one serves. Registrations
 * stream to both for TEST_UPGRADE_SECONDS (30 by default); then no request may have failed, every
 * acknowledged registration must be stored once and every confirmation delivered once, to an SMTP
 * server in this process. Exits 1 otherwise.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../server/db/openDatabase.ts';
import { connectGraphql, acknowledgedFirstName } from '../testing/graphqlClient.ts';
import { emailDomain, inLetters, validRegistration } from '../testing/registrations.ts';
import { repoRoot } from '../testing/paths.ts';
import { startServer } from '../testing/server.ts';
import { createThrowawayDatabase } from '../testing/throwawayDatabase.ts';
import { makeStaticDir, removeTempDirs } from '../__tests__/server/support/fixtures.ts';
import { startSmtpRelay } from '../testing/smtpRelay.ts';

const streamSeconds = Number(process.env.TEST_UPGRADE_SECONDS || 30);
/** Registrations in flight to each release at any time. */
const streamsPerRelease = 2;
const drainLimitMs = 120_000;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line) => process.stdout.write(`[${elapsed()}] ${line}\n`);
const git = (...args) => execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' });

function lockfileDiffers(commit) {
  try {
    git('diff', '--quiet', commit, 'HEAD', '--', 'package-lock.json');
    return false;
  } catch {
    return true;
  }
}

/** A checkout of the previous release, installed as its own lockfile says. */
function checkOutPrevious(commit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  git('worktree', 'add', '--detach', dir, commit);
  if (lockfileDiffers(commit)) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  } else {
    // The same lockfile installs the same tree: this checkout's serves.
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return { dir, remove: () => git('worktree', 'remove', '--force', dir) };
}

/** Sends registrations to `server` one after another until `until()`; records every outcome. */
async function stream(release, server, until, outcomes) {
  const client = await connectGraphql(server.url);
  while (!until()) {
    const n = outcomes.sent++;
    const email = `upgrade.${release}.${inLetters(n)}@${emailDomain}`;
    try {
      const answer = await client.submit(validRegistration({ email }));
      if (acknowledgedFirstName(answer) !== undefined) outcomes.acknowledged.push(email);
      else outcomes.failed.push(`${release}: HTTP ${answer.status}`);
    } catch (error) {
      outcomes.failed.push(`${release}: ${error.message}`);
    }
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL_TEST;
  if (!serverUrl)
    throw new Error('DATABASE_URL_TEST is not set (source .ci/postgres.sh; postgres_start)');
  const previousCommit = fs
    .readFileSync(path.join(repoRoot, '.ci/previous-release'), 'utf8')
    .trim();
  const cleanups = [];
  const outcomes = { sent: 0, acknowledged: [], failed: [] };
  try {
    say(`previous release ${previousCommit}: checking out`);
    const previous = checkOutPrevious(previousCommit);
    cleanups.push(previous.remove);
    const database = await createThrowawayDatabase(serverUrl, 'upgrade_check');
    cleanups.push(database.drop);
    const inbox = await startSmtpRelay();
    cleanups.push(inbox.close);
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: inbox.url,
      STATIC_DIR: makeStaticDir(),
      // The stream is far past any real hour's registrations: every one is to be confirmed.
      CONFIRMATIONS_PER_HOUR: '1000000',
    };

    const old = await startServer({ entry: 'source', root: previous.dir, env });
    cleanups.push(() => old.dispose());
    say('previous release serving; streaming to it');
    let stopAt = Infinity;
    const until = () => performance.now() >= stopAt;
    const streams = Array.from({ length: streamsPerRelease }, () =>
      stream('previous', old, until, outcomes),
    );

    const current = await startServer({ entry: 'source', env });
    cleanups.push(() => current.dispose());
    say(`current release migrated and serving; streaming to both for ${streamSeconds} s`);
    stopAt = performance.now() + streamSeconds * 1000;
    streams.push(
      ...Array.from({ length: streamsPerRelease }, () =>
        stream('current', current, until, outcomes),
      ),
    );
    await Promise.all(streams);
    say(
      `${outcomes.sent} sent, ${outcomes.acknowledged.length} acknowledged, ${outcomes.failed.length} failed`,
    );

    const db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: database.url }, () => {});
    cleanups.push(() => db.close());
    const drainBy = Date.now() + drainLimitMs;
    while ((await db.query('SELECT count(*)::integer AS n FROM outbox'))[0].n > 0) {
      if (Date.now() > drainBy) throw new Error('The outbox did not empty');
      await sleep(200);
    }
    say('outbox empty');

    const stored = new Map(
      (
        await db.query('SELECT email, count(*)::integer AS n FROM registrations GROUP BY email')
      ).map((row) => [row.email, row.n]),
    );
    const problems = [...outcomes.failed];
    for (const email of outcomes.acknowledged) {
      if (stored.get(email) !== 1) problems.push(`${email} stored ${stored.get(email) ?? 0} times`);
      const mails = inbox.recipients.get(email) ?? 0;
      if (mails !== 1) problems.push(`${email} confirmed ${mails} times`);
    }
    const acknowledged = new Set(outcomes.acknowledged);
    for (const email of stored.keys()) {
      if (!acknowledged.has(email)) problems.push(`${email} stored without an acknowledgement`);
    }
    for (const email of inbox.recipients.keys()) {
      if (!acknowledged.has(email)) problems.push(`${email} mailed without an acknowledgement`);
    }
    if (outcomes.acknowledged.length === 0) problems.push('nothing was acknowledged');
    if (problems.length > 0) {
      console.error(`FAILED:\n${problems.slice(0, 20).join('\n')}`);
      process.exitCode = 1;
    } else {
      say('passed: no request failed, each acknowledged registration stored and confirmed once');
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    removeTempDirs();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
