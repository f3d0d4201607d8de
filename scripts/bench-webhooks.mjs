/**
 * `npm run bench:webhooks [-- COUNT]`: how fast webhooks go out after a burst. An endpoint to a
 * receiver on loopback in this process (testing/webhookReceiver.ts, which verifies each signature)
 * is registered in a fresh DATA_DIR (or the database at DATABASE_URL); the production server
 * starts, COUNT registrations (5,000 by default) arrive through /graphql at once, and the run
 * prints the deliveries a second, from the first to the last, and checks that each registration's
 * registration.created arrived once. measureWebhooks() is exported for the integration benchmark.
 * Prints figures; exits non-zero only when the run broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatNumber, printLine, printTable } from './bench/report.mjs';
import { registration } from './bench/registration.mjs';
import { migrate } from '../server/db/migrations.ts';
import { openDatabase } from '../server/db/openDatabase.ts';
import { createWebhook } from '../server/webhooks/webhookStore.ts';
import { newWebhookSecret } from '../server/webhooks/webhookSignature.ts';
import { connectGraphql } from '../testing/graphqlClient.ts';
import { startServer } from '../testing/server.ts';
import { startWebhookReceiver } from '../testing/webhookReceiver.ts';
import { ensureClientBuilt, ensureServerBuilt } from './ensure-built.mjs';

/** Issue 35's target. */
export const webhookTarget = { perSecond: 200 };
/** Submissions under way at once, as many browsers. */
const concurrency = 50;
const deliveryLimitMs = 5 * 60 * 1000;
/** After the last delivery, time for a copy too many to arrive. */
const settleMs = 2000;

/** The endpoint, registered before the server starts, as an admin would in the console. */
async function registerEndpoint(storage, url) {
  const database = await openDatabase(storage, (error) => {
    throw error;
  });
  try {
    await migrate(database);
    const secret = newWebhookSecret();
    const body = { url, events: ['registration.created'], programmes: 'all' };
    await createWebhook(database, body, secret, 'bench-webhooks');
    return secret;
  } finally {
    await database.close();
  }
}

/**
 * Runs the burst against a server of its own; `databaseUrl` for PostgreSQL (a database of its
 * own: the run adds an endpoint to it), PGlite in a fresh DATA_DIR otherwise.
 */
export async function measureWebhooks({ count = 5000, databaseUrl } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
  const receiver = await startWebhookReceiver();
  let server;
  try {
    receiver.secret = await registerEndpoint({ dataDir, databaseUrl }, receiver.url);
    server = await startServer({
      dataDir,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        CONFIRMATIONS_PER_HOUR: String(count),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      echo: process.stderr,
    });
    const client = await connectGraphql(server.url);
    const burstStartedAt = Date.now();
    let next = 0;
    const failedSubmissions = [];
    async function submitter() {
      for (let n; (n = next++) < count;) {
        const answer = await client.submit(registration(n));
        if (answer.status !== 200) failedSubmissions.push(answer.status);
      }
    }
    await Promise.all(Array.from({ length: concurrency }, submitter));
    const burstEndedAt = Date.now();
    if (failedSubmissions.length > 0) {
      throw new Error(`${failedSubmissions.length} submissions failed: ${failedSubmissions[0]}`);
    }
    const accepted = () => receiver.received.filter((event) => event.accepted);
    const deadline = Date.now() + deliveryLimitMs;
    while (accepted().length < count && Date.now() < deadline) await sleep(50);
    await sleep(settleMs);
    const delivered = accepted();
    const references = new Set(delivered.map((event) => event.payload.data.reference));
    return {
      count,
      delivered: delivered.length,
      distinct: new Set(delivered.map((event) => event.webhookId)).size,
      references: references.size,
      badSignatures: receiver.badSignatures,
      seconds: (delivered[delivered.length - 1].at - delivered[0].at) / 1000,
      burstSeconds: (burstEndedAt - burstStartedAt) / 1000,
      /** How long the last deliveries trailed the burst: the queue the burst left. */
      trailSeconds: Math.max(0, delivered[delivered.length - 1].at - burstEndedAt) / 1000,
    };
  } finally {
    await server?.stop();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of one run as rows of printTable. */
export function webhookRows(figures) {
  const { count, delivered, distinct, references, badSignatures, seconds } = figures;
  const perSecond = (delivered - 1) / seconds;
  return [
    {
      figure: 'registrations stored per second (the burst)',
      value: formatNumber(count / figures.burstSeconds),
    },
    {
      figure: 'last delivery after the burst ended (s)',
      value: figures.trailSeconds.toFixed(2),
    },
    {
      figure: 'webhook deliveries per second',
      value: formatNumber(perSecond),
      target: `>= ${formatNumber(webhookTarget.perSecond)}`,
      met: perSecond >= webhookTarget.perSecond,
    },
    {
      figure: 'registrations delivered / sent',
      value: `${formatNumber(references)} / ${formatNumber(count)}`,
      target: 'equal',
      met: references === count,
    },
    {
      figure: 'delivered more than once',
      value: formatNumber(delivered - distinct),
      target: '0',
      met: delivered === distinct,
    },
    {
      figure: 'bad signatures',
      value: formatNumber(badSignatures),
      target: '0',
      met: badSignatures === 0,
    },
  ];
}

async function main() {
  const count = Number(process.argv[2] ?? 5000);
  if (!Number.isInteger(count) || count < 2)
    throw new Error('COUNT must be an integer of 2 or more');
  const loadBefore = os.loadavg()[0];
  ensureClientBuilt();
  ensureServerBuilt();
  const figures = await measureWebhooks({ count });
  printTable(
    `Webhooks: ${formatNumber(count)} registrations through /graphql at once, a receiver on ` +
      `loopback, ${figures.seconds.toFixed(2)} s from the first delivery to the last (PGlite)`,
    webhookRows(figures),
  );
  printLine(
    `\n${os.cpus().length} CPUs; 1-minute load average ${loadBefore.toFixed(2)} before the run ` +
      '(figures are only comparable on a quiet machine).\n',
  );
}

// Run alone (npm run bench:webhooks), not when the integration benchmark imports it.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
