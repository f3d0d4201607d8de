/** Throwaway directories, databases and request bodies for the server's tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/openDatabase';
import { seedDataDir, seedMigratedDataDir } from './pgliteTemplate';

/** Opening PGlite runs initdb the first time: allow for it. */
export const databaseTimeoutMs = 60_000;

const tempDirs: string[] = [];

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Deletes every directory made by makeTempDir: call it last, once the databases are closed. */
export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A DATA_DIR with an empty embedded database in it, as initdb leaves it (a copy). */
export function makeDataDir(): string {
  return seedDataDir(makeTempDir('server-test-data-'));
}

/** A DATA_DIR with an embedded database at this schema version in it, as a start leaves it. */
export function makeMigratedDataDir(): string {
  return seedMigratedDataDir(makeTempDir('server-test-data-'));
}

/**
 * A stand-in for the SPA's production bundle, with a start-page renderer that renders a heading
 * (the real one is src/prerender/startPage.tsx, which the page tests pass to the app).
 */
export function makeStaticDir(): string {
  const dir = makeTempDir('server-test-dist-');
  fs.mkdirSync(path.join(dir, 'assets/i18n'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'prerender'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="sv"><head><title>Registration</title><script src="/main.0123abcd.js"></script></head><body><noscript>Enable JavaScript</noscript><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'prerender/startPage.cjs'),
    `const page = (title) => ({ title, rootMarkup: '<h1>Start page</h1>', trailingMarkup: '<script>void 0</script>' });
    const documents = {
      terms: { rootMarkup: '<h1>Terms</h1>', title: 'Terms' },
      privacy: { rootMarkup: '<h1>Privacy</h1>', title: 'Privacy' },
      accessibility: { rootMarkup: '<h1>Accessibility</h1>', title: 'Accessibility' },
    };
    exports.prerenderStartPage = () => ({
      languages: { sv: page('Anmälan'), en: page('Registration'), fi: page('Ilmoittautuminen') },
      inlineScript: 'void 0',
      applicantPage: {
        sv: { rootMarkup: '<p>Öppnar</p>', title: 'Min anmälan', noscript: 'Aktivera JavaScript' },
        en: { rootMarkup: '<p>Opening</p>', title: 'My registration', noscript: 'Enable JavaScript' },
        fi: { rootMarkup: '<p>Avataan</p>', title: 'Ilmoittautumiseni', noscript: 'Ota JavaScript käyttöön' },
      },
      documents: { sv: documents, en: documents, fi: documents },
    });`,
  );
  fs.writeFileSync(
    path.join(dir, 'staff.html'),
    '<!doctype html><html lang="sv"><head><title>Staff</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'my.html'),
    '<!doctype html><html lang="sv"><head><title>Registration</title></head><body><noscript>Enable JavaScript to register</noscript><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), 'void 0;');
  fs.writeFileSync(path.join(dir, 'assets/i18n/sv.json'), '{"general":{}}');
  return dir;
}

/** An embedded database in a fresh (or the given) DATA_DIR. */
export function openTestDatabase(dataDir = makeDataDir()): Promise<Database> {
  return openDatabase({ dataDir }, (error) => {
    throw error;
  });
}

export async function countRegistrations(database: Database): Promise<number> {
  const [row] = await database.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM registrations',
  );
  return row.count;
}

/**
 * A database that answers every query with no rows, or fails once told to. After stall(),
 * queries wait until the function it returned is called.
 */
export function stubDatabase(): Database & { failing: boolean; stall(): () => void } {
  let stalled: Promise<void> | undefined;
  const stub: Database & { failing: boolean; stall(): () => void } = {
    concurrentWriters: false,
    failing: false,
    stall() {
      let release = () => {};
      stalled = new Promise((resolve) => (release = resolve));
      return () => {
        stalled = undefined;
        release();
      };
    },
    async query<Row>(): Promise<Row[]> {
      if (stub.failing) throw new Error('connection refused');
      await stalled;
      return [];
    },
    transaction: (work) => work(stub),
    close: async () => undefined,
  };
  return stub;
}
