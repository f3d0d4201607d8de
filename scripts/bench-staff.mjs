/**
 * `npm run bench:staff`: the staff API's list, search and processing (filters by state, assignee,
 * possible duplicates and overdue information requests, the overview, a bulk change, an information
 * request to 2,000 registrations by their ids) with 100,000
 * stored registrations, on PGlite and, when DATABASE_URL is given, on that PostgreSQL database
 * (which must hold no registrations: the run fills it and empties it again). The production server runs as a
 * process, signed in as the local provider's admin (testing/localProvider.ts); each case is asked one
 * request at a time, and the median round trip on loopback (the server's time plus well under a
 * millisecond) is printed beside the target. First, on each database, the pairing of possible
 * duplicates on the labelled pairs of testing/duplicatePairs.ts: its precision and recall. Exits
 * non-zero only when the run broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatNumber, printLine, printTable } from './bench/report.mjs';
import { openDatabase } from '../server/db/openDatabase.ts';
import { startLocalProvider, signInAtProvider } from '../testing/localProvider.ts';
import { emptyBenchDatabase, fillBenchDatabase } from '../testing/benchDatabase.ts';
import { duplicatePairs, measurePairing } from '../testing/duplicatePairs.ts';
import { freePort, startServer } from '../testing/server.ts';
import { degreePrograms } from '../src/contract/fields.ts';
import { processingStates } from '../src/contract/processing.ts';
import { xsrfCookieName, xsrfHeaderName } from '../src/contract/protocol.ts';
import { ensureClientBuilt, ensureServerBuilt } from './ensure-built.mjs';

const storedRegistrations = 100_000;
/** Asked first and not counted: the server's and the database's caches warm up. */
const warmUpRequests = 20;
const measuredRequests = 200;
/** Issue 28's target for the list and the search, and issue 33's for its filters by state and assignee. */
const targetMs = 100;
/** Issue 46's target for the pairing of possible duplicates: precision and recall. */
const pairingTarget = 0.95;
/** Issue 33's targets for the duplicates filter, the overview and a bulk change of 10,000. */
const duplicatesTargetMs = 200;
const overviewTargetMs = 200;
const bulkTargetMs = 2000;
/** A bulk change is asked this many times (each undoing the last), not counted the first. */
const bulkRequests = 5;
/** Issue 44's target: an information request to 2,000 selected registrations, asked this many times. */
const requestedRegistrations = 2000;
const bulkRequestTargetMs = 2000;
const informationRequests = 4;

/**
 * 100,000 registrations in one statement, one a minute going back some 70 days, spread over the
 * programmes and the processing states, each with its own name, address and phone, born over 15
 * years (the form's duplicate check is a unique index); every third is the admin's, and every
 * hundredth has the address of the one before it: a possible duplicate.
 */
async function fill(database) {
  await database.query(
    `INSERT INTO registrations (created_at, first_name, last_name, birthday, phone_number, email,
       address, zipcode, city, country, started_year, degree_program, terms, state, assignee)
     SELECT now() - g * interval '1 minute',
       (ARRAY['Aino', 'Elias', 'Ella', 'Oliver', 'Linnea', 'Leo', 'Sofia', 'Noah'])[1 + g % 8],
       'Testinen ' || md5(g::text),
       to_char(date '1990-01-01' + g % 5475, 'DD.MM.YYYY'), '+358 40 ' || lpad(g::text, 7, '0'),
       'applicant.' || (g - (g % 100 = 0)::integer) || '@example.edu',
       'Sjögatan ' || g, '00100', 'Helsingfors', 'Finland', '2025',
       ($1::text[])[1 + g % cardinality($1::text[])], true,
       ($2::text[])[1 + g % cardinality($2::text[])],
       CASE WHEN g % 3 = 0 THEN 'admin' END
     FROM generate_series(1, ${storedRegistrations}) AS g`,
    [degreePrograms, processingStates],
  );
}

/** A stored registration's searchable parts, to search for the way the staff would. */
async function sample(database) {
  const [row] = await database.query(
    `SELECT last_name, email, reference FROM registrations ORDER BY id LIMIT 1 OFFSET $1`,
    [Math.floor(storedRegistrations / 2)],
  );
  return row;
}

/**
 * An information request on every 50th registration (2,000), deadlines from ten days past to ten
 * to come: the overdue filter's and the overview's overdue count's work. Taken once by a
 * database filled before.
 */
async function addRequests(database) {
  await database.query(
    `INSERT INTO registration_requests (registration_id, requested_by, fields, message, deadline)
     SELECT id, 'admin', '{}', 'A bench request', to_char(current_date + (id % 21) - 10, 'YYYY-MM-DD')
     FROM registrations WHERE id % 50 = 0
     ON CONFLICT DO NOTHING`,
  );
}

/** The list's cases: what the console asks for, newest first, 50 a page; and each one's target. */
function cases({ last_name: lastName, email, reference }) {
  return {
    'list, first page': '',
    'list, page 1,000': 'page=1000',
    'list, one programme': 'programme=MIDS',
    'list, received on one day': `from=${dayBefore(2)}&to=${dayBefore(2)}`,
    'search, part of a name': `q=${encodeURIComponent(lastName.slice(12, 20))}`,
    'search, part of an email': `q=${encodeURIComponent(email.slice(0, 14))}`,
    'search, a reference': `q=${reference}`,
    'search, no match': 'q=nobody-has-this-name',
    'list, one state': 'state=waiting',
    'list, assigned to me': 'assignee=me',
    "list, nobody's": 'assignee=none',
    'list, possible duplicates': 'duplicates=true',
    'list, overdue requests': 'overdue=true',
  };
}

const targetOf = (query) => (query === 'duplicates=true' ? duplicatesTargetMs : targetMs);

function dayBefore(days) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs the admin in over HTTP as a browser would; resolves with the session cookie. */
async function signIn(url) {
  const start = await fetch(`${url}/staff/login`, { redirect: 'manual' });
  const pending = start.headers.getSetCookie().map((line) => line.split(';')[0]);
  const callback = await signInAtProvider(start.headers.get('location'), 'admin');
  const done = await fetch(callback, {
    redirect: 'manual',
    headers: { cookie: pending.join('; ') },
  });
  const session = done.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('staff-session='));
  if (!session) throw new Error(`/staff/callback answered ${done.status}`);
  return session;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Asks `request` (resolving with its answer's body) `count` times after the warm-up; the median. */
async function medianOf(request, count, warmUp = warmUpRequests) {
  for (let i = 0; i < warmUp; i++) await request(i);
  const runs = [];
  for (let i = 0; i < count; i++) {
    const startedAt = performance.now();
    const body = await request(warmUp + i);
    runs.push({ ms: performance.now() - startedAt, body });
  }
  return { ms: median(runs.map((run) => run.ms)), body: runs[0].body };
}

async function askJson(url, init, what) {
  const response = await fetch(url, init);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${body.message}`);
  return body;
}

async function measure(url, cookie, query) {
  const { ms, body } = await medianOf(
    () => askJson(`${url}/staff/api/registrations?${query}`, { headers: { cookie } }, query),
    measuredRequests,
  );
  return { ms, total: body.total };
}

/** The overview, as the console's overview page asks for it. */
const measureOverview = (url, cookie) =>
  medianOf(
    () => askJson(`${url}/staff/api/overview`, { headers: { cookie } }, 'overview'),
    measuredRequests,
  );

/** A write's headers: the session, and the XSRF cookie and header a page load gives it. */
async function writeHeaders(url, cookie) {
  const page = await fetch(`${url}/`, { headers: { cookie } });
  const xsrf = page.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${xsrfCookieName}=`));
  return {
    cookie: `${cookie}; ${xsrf}`,
    [xsrfHeaderName]: xsrf.slice(xsrfCookieName.length + 1),
    'content-type': 'application/json',
  };
}

/**
 * A bulk change of one programme's registrations (12,500 of them), each time to the other state,
 * so that every one changes.
 */
async function measureBulk(url, cookie) {
  const headers = await writeHeaders(url, cookie);
  return medianOf(
    (run) =>
      askJson(
        `${url}/staff/api/registrations/bulk`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            filter: { programme: 'MIDS' },
            set: { state: run % 2 === 0 ? 'done' : 'in-progress' },
          }),
        },
        'bulk',
      ),
    bulkRequests - 1,
    1,
  );
}

/**
 * An information request to 2,000 registrations named by their ids, as a script or the console
 * sends it; each time again, so that every open request of the last is replaced. Its emails are
 * queued, and leave at the outbox's pace after the figures are taken.
 */
async function measureBulkRequest(url, cookie, ids) {
  const headers = await writeHeaders(url, cookie);
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return medianOf(
    () =>
      askJson(
        `${url}/staff/api/registrations/bulk-request`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            ids,
            fields: ['phoneNumber'],
            message: 'A bench request',
            deadline,
          }),
        },
        'bulk request',
      ),
    informationRequests - 1,
    1,
  );
}

/** The pairing's precision and recall on the labelled pairs, stored as submissions are. */
async function benchPairing(title, storage) {
  const database = await openDatabase(storage, (error) => console.error(error));
  try {
    let measured;
    const { lastAuditId } = await fillBenchDatabase(database, title, async () => {
      measured = await measurePairing(database);
    });
    const rate = (figure, value) => ({
      figure,
      value: formatNumber(value, 3),
      target: `>= ${pairingTarget}`,
      met: value >= pairingTarget,
    });
    const { truePositives, falsePositives, falseNegatives } = measured;
    printTable(`${title}, possible duplicates on ${duplicatePairs.length} labelled pairs`, [
      rate(
        `precision (${truePositives} paired rightly, ${falsePositives} wrongly)`,
        measured.precision,
      ),
      rate(`recall (${falseNegatives} duplicates missed)`, measured.recall),
    ]);
    for (const wrong of measured.wrong) printLine(`  judged wrongly: ${wrong}`);
    await emptyBenchDatabase(database, lastAuditId);
  } finally {
    await database.close();
  }
}

async function bench(title, storage) {
  const database = await openDatabase(storage, (error) => console.error(error));
  let server;
  let provider;
  let lastAuditId;
  try {
    const filled = await fillBenchDatabase(database, title, fill);
    lastAuditId = filled.lastAuditId;
    printLine(
      `${title}: ${formatNumber(storedRegistrations)} registrations stored in ` +
        `${formatNumber(filled.fillSeconds, 1)} s`,
    );
    const searched = await sample(database);
    await addRequests(database);
    const requestIds = (
      await database.query('SELECT id FROM registrations ORDER BY id LIMIT $1', [
        requestedRegistrations,
      ])
    ).map((row) => row.id);
    // PGlite's data directory belongs to one process at a time: the server's, from here on.
    if (!storage.databaseUrl) await database.close();

    const port = await freePort();
    provider = await startLocalProvider(`http://127.0.0.1:${port}`);
    server = await startServer({
      port,
      dataDir: storage.dataDir,
      // The environment's DATABASE_URL is for the PostgreSQL run only.
      env: { ...provider.settings, DATABASE_URL: storage.databaseUrl ?? '' },
      echo: process.stderr,
    });
    const cookie = await signIn(server.url);
    const rows = [];
    for (const [name, query] of Object.entries(cases(searched))) {
      const { ms, total } = await measure(server.url, cookie, query);
      if (query === '' && total !== storedRegistrations) {
        throw new Error(`${title}: the list found ${total} registrations, not the ones stored`);
      }
      rows.push({
        figure: `${name} (${formatNumber(total)} found), median ms`,
        value: formatNumber(ms, 1),
        target: `< ${targetOf(query)}`,
        met: ms < targetOf(query),
      });
    }
    const overview = await measureOverview(server.url, cookie);
    rows.push({
      figure: 'overview, median ms',
      value: formatNumber(overview.ms, 1),
      target: `< ${overviewTargetMs}`,
      met: overview.ms < overviewTargetMs,
    });
    const bulk = await measureBulk(server.url, cookie);
    rows.push({
      figure: `bulk change (${formatNumber(bulk.body.updated)} changed), median ms`,
      value: formatNumber(bulk.ms, 1),
      target: `< ${bulkTargetMs}`,
      met: bulk.ms < bulkTargetMs,
    });
    const requested = await measureBulkRequest(server.url, cookie, requestIds);
    rows.push({
      figure: `information request to ${formatNumber(requested.body.asked)} by ids, median ms`,
      value: formatNumber(requested.ms, 1),
      target: `< ${bulkRequestTargetMs}`,
      met: requested.ms < bulkRequestTargetMs,
    });
    printTable(`${title}, ${formatNumber(storedRegistrations)} registrations`, rows);
  } finally {
    await server?.stop();
    await provider?.stop();
    if (storage.databaseUrl) {
      // Leave the database as it was given: without registrations, erasures, nor this run's audit
      // entries and session.
      if (lastAuditId !== undefined) {
        await emptyBenchDatabase(database, lastAuditId);
        await database.query("DELETE FROM staff_sessions WHERE subject = 'admin'");
        await database.query("DELETE FROM staff_members WHERE subject = 'admin'");
      }
      await database.close();
    }
  }
}

ensureClientBuilt();
ensureServerBuilt();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-staff-'));
const pairingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-staff-pairs-'));
try {
  await benchPairing('PGlite', { dataDir: pairingDir });
  if (process.env.DATABASE_URL) {
    await benchPairing('PostgreSQL', { dataDir, databaseUrl: process.env.DATABASE_URL });
  }
  await bench('PGlite', { dataDir });
  if (process.env.DATABASE_URL) {
    await bench('PostgreSQL', { dataDir, databaseUrl: process.env.DATABASE_URL });
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(pairingDir, { recursive: true, force: true });
}
