/**
 * `npm run bench:integration`: the integration API (/api/v1) as the student information system
 * uses it, on PGlite and, when DATABASE_URL (or DATABASE_URL_TEST) is given, on that PostgreSQL
 * database (which must hold no registrations: the run fills it and empties it again). The
 * production server runs as a process. Each part below is one measurement on the same stored
 * registrations and server; add a part to measure more. Then, on each, the webhook burst of
 * `npm run bench:webhooks`. Exits non-zero only when the run broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatNumber, printLine, printTable } from './bench/report.mjs';
import { openDatabase } from '../server/db/openDatabase.ts';
import { createApiToken } from '../server/integration/apiTokens.ts';
import { emptyBenchDatabase, fillBenchDatabase } from '../testing/benchDatabase.ts';
import { freePort, startServer } from '../testing/server.ts';
import { degreePrograms } from '../src/contract/fields.ts';
import { ensureClientBuilt, ensureServerBuilt } from './ensure-built.mjs';
import { measureWebhooks, webhookRows } from './bench-webhooks.mjs';

const storedRegistrations = 100_000;
const pageSize = 1000;
/** Issue 35's goal for reading every registration through the API. */
const targetRowsPerSecond = 10_000;

/**
 * 100,000 registrations in one statement, each with its own name, address and phone, born over 15
 * years: none a possible duplicate of another.
 */
async function fill(database) {
  await database.query(
    `INSERT INTO registrations (created_at, first_name, last_name, birthday, phone_number, email,
       address, zipcode, city, country, started_year, degree_program, terms)
     SELECT now() - g * interval '1 minute', 'Aino', 'Testinen ' || md5(g::text),
       to_char(date '1990-01-01' + g % 5475, 'DD.MM.YYYY'), '+358 40 ' || lpad(g::text, 7, '0'),
       'applicant.' || g || '@example.edu', 'Sjögatan ' || g, '00100',
       'Helsingfors', 'Finland', '2025', ($1::text[])[1 + g % cardinality($1::text[])], true
     FROM generate_series(1, ${storedRegistrations}) AS g`,
    [degreePrograms],
  );
}

/**
 * Reads every registration from the start, 1,000 a page, one request at a time as a client
 * would: every one must arrive once.
 */
async function readEverything({ url, token }) {
  const seen = new Set();
  let cursor;
  const startedAt = performance.now();
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize), ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${url}/api/v1/registrations?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page = await response.json();
    if (response.status !== 200)
      throw new Error(`registrations: ${response.status} ${page.message}`);
    for (const item of page.items) seen.add(item.id);
    cursor = page.nextCursor;
    if (page.items.length < pageSize) break;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  if (seen.size !== storedRegistrations) {
    throw new Error(`read ${seen.size} registrations, not the ${storedRegistrations} stored`);
  }
  const rowsPerSecond = storedRegistrations / seconds;
  return [
    {
      figure: `read all through /api/v1/registrations, ${formatNumber(pageSize)} a page, rows/s`,
      value: formatNumber(rowsPerSecond),
      target: `>= ${formatNumber(targetRowsPerSecond)}`,
      met: rowsPerSecond >= targetRowsPerSecond,
    },
  ];
}

/** Each measurement, in order: ({ url, token, database }) => its table's rows. */
const parts = [readEverything];

async function bench(title, storage) {
  const database = await openDatabase(storage, (error) => console.error(error));
  let server;
  let lastAuditId;
  let tokenId;
  try {
    const filled = await fillBenchDatabase(database, title, fill);
    lastAuditId = filled.lastAuditId;
    printLine(
      `${title}: ${formatNumber(storedRegistrations)} registrations stored in ` +
        `${formatNumber(filled.fillSeconds, 1)} s`,
    );
    const { id, token } = await createApiToken(
      database,
      {
        name: 'bench:integration',
        programmes: 'all',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      'bench:integration',
    );
    tokenId = id;
    // PGlite's data directory belongs to one process at a time: the server's, from here on.
    if (!storage.databaseUrl) await database.close();

    server = await startServer({
      port: await freePort(),
      dataDir: storage.dataDir,
      // The environment's DATABASE_URL is for the PostgreSQL run only; no rate limit.
      env: { DATABASE_URL: storage.databaseUrl ?? '', RATE_LIMIT_PER_MINUTE: '0' },
      echo: process.stderr,
    });
    const rows = [];
    for (const part of parts) rows.push(...(await part({ url: server.url, token, database })));
    printTable(`${title}, ${formatNumber(storedRegistrations)} registrations`, rows);
  } finally {
    await server?.stop();
    if (storage.databaseUrl) {
      // Leave the database as it was given: without registrations, erasures, nor this run's token
      // and audit entries.
      if (lastAuditId !== undefined) {
        await emptyBenchDatabase(database, lastAuditId);
        if (tokenId !== undefined) {
          await database.query('DELETE FROM api_tokens WHERE id = $1', [tokenId]);
        }
      }
      await database.close();
    }
  }
}

/** Issue 35's webhook burst (scripts/bench-webhooks.mjs): deliveries after 5,000 registrations. */
const burstRegistrations = 5000;

/**
 * The webhook burst on the same storage. On PostgreSQL the run's registrations, endpoint,
 * deliveries and audit entries are deleted afterwards, so the database is left as it was given.
 */
async function benchWebhooks(title, databaseUrl) {
  const marks = databaseUrl ? await databaseMarks(databaseUrl) : undefined;
  try {
    const figures = await measureWebhooks({ count: burstRegistrations, databaseUrl });
    printTable(
      `${title}, webhooks: ${formatNumber(burstRegistrations)} registrations through /graphql ` +
        `at once, a receiver on loopback`,
      webhookRows(figures),
    );
  } finally {
    if (marks) await deleteAfter(databaseUrl, marks);
  }
}

const markedTables = ['registrations', 'webhooks', 'audit_log'];

async function databaseMarks(databaseUrl) {
  const database = await openDatabase({ databaseUrl }, (error) => console.error(error));
  try {
    const marks = {};
    for (const table of markedTables) {
      const [{ last }] = await database.query(`SELECT coalesce(max(id), 0) AS last FROM ${table}`);
      marks[table] = last;
    }
    return marks;
  } finally {
    await database.close();
  }
}

async function deleteAfter(databaseUrl, marks) {
  const database = await openDatabase({ databaseUrl }, (error) => console.error(error));
  try {
    await database.query('DELETE FROM registrations WHERE id > $1', [marks.registrations]);
    await database.query('DELETE FROM erasures WHERE id > $1', [marks.registrations]);
    await database.query('DELETE FROM webhook_deliveries WHERE webhook_id > $1', [marks.webhooks]);
    await database.query('DELETE FROM webhooks WHERE id > $1', [marks.webhooks]);
    await database.query('DELETE FROM audit_log WHERE id > $1', [marks.audit_log]);
  } finally {
    await database.close();
  }
}

ensureClientBuilt();
ensureServerBuilt();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-integration-'));
const databaseUrl = process.env.DATABASE_URL || process.env.DATABASE_URL_TEST;
try {
  await bench('PGlite', { dataDir });
  await benchWebhooks('PGlite');
  if (databaseUrl) {
    await bench('PostgreSQL', { dataDir, databaseUrl });
    await benchWebhooks('PostgreSQL', databaseUrl);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
