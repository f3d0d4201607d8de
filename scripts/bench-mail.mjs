/**
 * `npm run bench:mail [-- COUNT]`: how fast the outbox works off a queue. COUNT registrations
 * (3,000 by default) are stored with their confirmations queued, as a burst or a restart leaves
 * them; then the production server starts with SMTP_URL pointing at an SMTP server (smtp-server)
 * on loopback in this process, and the run prints the messages delivered a second, from the first
 * to the last. It also checks that each was delivered once and none is left queued. Prints
 * figures; exits non-zero only when the run broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatNumber, printLine, printTable } from './bench/report.mjs';
import { registration } from './bench/registration.mjs';
import { migrate } from '../server/db/migrations.ts';
import { openDatabase } from '../server/db/openDatabase.ts';
import { createRegistrationStore } from '../server/db/registrations.ts';
import { startServer } from '../testing/server.ts';
import { ensureClientBuilt, ensureServerBuilt } from './ensure-built.mjs';
import { startSmtpRelay } from '../testing/smtpRelay.ts';

/** Issue 26's target: a burst's confirmations at the pace a relay on the same network takes them. */
const target = { perSecond: 200 };
/** How long the queue may take before the run counts as broken (10 a second would be 5 minutes). */
const deliveryLimitMs = 10 * 60 * 1000;
/** After the last message, time for a copy too many to arrive. */
const settleMs = 2000;

function readCount(argument = '3000') {
  const count = Number(argument);
  if (!Number.isInteger(count) || count < 2 || count > 1_000_000) {
    throw new Error(`COUNT must be an integer from 2 to 1000000, got "${argument}"`);
  }
  return count;
}

/** The registrations stored and their confirmations queued, in DATA_DIR, before the server runs. */
async function queueRegistrations(dataDir, count) {
  const database = await openDatabase({ dataDir }, (error) => {
    throw error;
  });
  try {
    await migrate(database);
    // Every one of them queues its confirmation: the run measures the outbox, not the ceiling.
    const store = createRegistrationStore(database, { confirmationsPerHour: count });
    await Promise.all(Array.from({ length: count }, (_, n) => store.save(registration(n), 'sv')));
  } finally {
    await database.close();
  }
}

async function readMetric(server, name) {
  const metrics = await (await fetch(server.metricsUrl)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
}

async function measure(count) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const relay = await startSmtpRelay();
  let server;
  try {
    await queueRegistrations(dataDir, count);
    server = await startServer({ dataDir, env: { SMTP_URL: relay.url }, echo: process.stderr });
    const deadline = Date.now() + deliveryLimitMs;
    while (relay.arrivals.length < count && Date.now() < deadline) await sleep(50);
    await sleep(settleMs);
    const queued = await readMetric(server, 'emails_queued');
    const { arrivals, recipients } = relay;
    return {
      delivered: arrivals.length,
      distinct: recipients.size,
      queued,
      seconds: (arrivals[arrivals.length - 1] - arrivals[0]) / 1000,
    };
  } finally {
    await server?.stop();
    await relay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const count = readCount(process.argv[2]);
  const loadBefore = os.loadavg()[0];
  ensureClientBuilt();
  ensureServerBuilt();
  const { delivered, distinct, queued, seconds } = await measure(count);
  const perSecond = (delivered - 1) / seconds;
  printTable(
    `Confirmation emails: ${formatNumber(count)} queued, an SMTP server on loopback, ` +
      `${seconds.toFixed(2)} s from the first to the last`,
    [
      {
        figure: 'messages delivered per second',
        value: formatNumber(perSecond),
        target: `>= ${formatNumber(target.perSecond)}`,
        met: perSecond >= target.perSecond,
      },
      {
        figure: 'delivered / queued',
        value: `${formatNumber(delivered)} / ${formatNumber(count)}`,
        target: 'equal',
        met: delivered === count,
      },
      {
        figure: 'delivered more than once',
        value: formatNumber(delivered - distinct),
        target: '0',
        met: delivered === distinct,
      },
      { figure: 'left queued', value: formatNumber(queued), target: '0', met: queued === 0 },
    ],
  );
  printLine(
    `\n${os.cpus().length} CPUs; 1-minute load average ${loadBefore.toFixed(2)} before the run ` +
      '(figures are only comparable on a quiet machine).\n',
  );
}

main().catch((error) => {
  console.error(
    error instanceof Error && error.message.startsWith('COUNT') ? error.message : error,
  );
  process.exitCode = 1;
});
