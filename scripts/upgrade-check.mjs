/**
 * `npm run test:upgrade`: the previous release (the commit in .ci/previous-release, in a git
 * worktree with its own install) and this one side by side on one throwaway PostgreSQL database
 * (on DATABASE_URL_TEST's server), this one migrating while the previous one serves, with one
 * XSRF_SECRET and PUBLIC_URL as behind one balancer. Registrations stream to both for
 * TEST_UPGRADE_SECONDS (30 by default), some with the XSRF token of a page the other release
 * served; a staff session, an applicant's link and session and an integration cursor that the
 * previous release handed out are used on this one (scripts/upgrade/acrossTheSwitch.mjs). Then no
 * request may have failed, every acknowledged registration must be stored once and every
 * confirmation delivered once, to an SMTP server in this process. Exits 1 otherwise.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../server/db/openDatabase.ts';
import { connectGraphql, acknowledgedFirstName } from '../testing/graphqlClient.ts';
import { emailDomain, inLetters, validRegistration } from '../testing/registrations.ts';
import { repoRoot } from '../testing/paths.ts';
import { freePort, startServer } from '../testing/server.ts';
import { startLocalProvider } from '../testing/localProvider.ts';
import { takeFromPrevious, tryOnCurrent } from './upgrade/acrossTheSwitch.mjs';
import { createThrowawayDatabase } from '../testing/throwawayDatabase.ts';
import { makeStaticDir, removeTempDirs } from '../__tests__/server/support/fixtures.ts';
import { startSmtpRelay } from '../testing/smtpRelay.ts';

const streamSeconds = Number(process.env.TEST_UPGRADE_SECONDS || 30);
/** Registrations in flight to each release at any time, with its own pages' tokens. */
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

/**
 * Sends registrations to `server` one after another until `until()`, with the XSRF token of a page
 * `pageServer` served (a tab opened before the balancer moved it); records every outcome.
 */
async function stream(release, server, until, outcomes, pageServer = server) {
  const client = await connectGraphql(server.url, pageServer.url);
  while (!until()) {
    const n = outcomes.sent++;
    const email = `upgrade.${inLetters(n)}@${emailDomain}`;
    try {
      const answer = await client.submit(validRegistration({ email }));
      if (acknowledgedFirstName(answer) !== undefined) outcomes.acknowledged.push(email);
      else outcomes.failed.push(`${release}: HTTP ${answer.status} ${answer.text}`);
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
    const applicantEmail = `upgrade.applicant@${emailDomain}`;
    const inbox = await startSmtpRelay({ keep: (to) => to === applicantEmail });
    cleanups.push(inbox.close);
    // The balancer's address is the previous release's: the provider sends sign-ins back there.
    const oldPort = await freePort();
    const provider = await startLocalProvider(`http://127.0.0.1:${oldPort}`);
    cleanups.push(provider.stop);
    const env = {
      ...provider.settings,
      DATABASE_URL: database.url,
      XSRF_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: inbox.url,
      STATIC_DIR: makeStaticDir(),
      // The stream is far past any real hour's registrations: every one is to be confirmed.
      CONFIRMATIONS_PER_HOUR: '1000000',
    };

    const old = await startServer({ entry: 'source', root: previous.dir, env, port: oldPort });
    cleanups.push(() => old.dispose());
    say('previous release serving; streaming to it');
    let stopAt = Infinity;
    const until = () => performance.now() >= stopAt;
    const streams = Array.from({ length: streamsPerRelease }, () =>
      stream('previous', old, until, outcomes),
    );
    const held = await takeFromPrevious(old.url, inbox, applicantEmail);
    outcomes.sent += 1;
    outcomes.acknowledged.push(applicantEmail);
    say('a staff session, an applicant link and session and a feed cursor taken from it');

    const current = await startServer({ entry: 'source', env });
    cleanups.push(() => current.dispose());
    say(`current release migrated and serving; streaming to both for ${streamSeconds} s`);
    stopAt = performance.now() + streamSeconds * 1000;
    streams.push(
      ...Array.from({ length: streamsPerRelease }, () =>
        stream('current', current, until, outcomes),
      ),
      stream('current with a page of the previous', current, until, outcomes, old),
      stream('previous with a page of the current', old, until, outcomes, current),
    );
    outcomes.failed.push(...(await tryOnCurrent(current.url, held)));
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
      say(
        'passed: no request failed, none refused across the releases, each acknowledged ' +
          'registration stored and confirmed once',
      );
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
