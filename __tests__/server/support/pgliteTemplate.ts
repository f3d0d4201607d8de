/**
 * A fresh embedded database costs PGlite's initdb: seconds of WebAssembly for every test that
 * opens one, and then the migrations, a second more. The tests that only need an empty database
 * start from a copy of one cluster, and those that need one at this schema version from a copy of
 * another, migrated; both are made once by the server's own code (jest's globalSetup). The tests
 * of a first start run initdb, and those of the migrations migrate.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrations';
import { openPGlite } from '../../../server/db/pglite';
import { repoRoot } from '../../../testing/paths';

/** What the cluster initdb writes depends on: PGlite's version and how the server starts it. */
const initdbMadeBy = [
  'node_modules/@electric-sql/pglite/package.json',
  'server/db/pglite.ts',
  'server/db/pgliteWorker.ts',
];

const templates = {
  initdb: { madeBy: initdbMadeBy, prepare: async () => {} },
  migrated: {
    madeBy: [...initdbMadeBy, 'server/db/migrations.ts'],
    prepare: (database: Database) => migrate(database),
  },
} satisfies Record<string, { madeBy: string[]; prepare(database: Database): Promise<unknown> }>;

type Template = keyof typeof templates;

function templateDir(name: Template): string {
  const hash = createHash('sha256');
  for (const file of templates[name].madeBy)
    hash.update(fs.readFileSync(path.join(repoRoot, file)));
  return path.join(os.tmpdir(), `pglite-${name}-${hash.digest('hex').slice(0, 16)}`);
}

/** Whole or not at all: another jest run may be making the same template. */
async function makeTemplate(name: Template, seed: (dataDir: string) => void): Promise<void> {
  const template = templateDir(name);
  if (fs.existsSync(template)) return;
  const building = fs.mkdtempSync(`${template}-building-`);
  try {
    seed(building);
    const database = await openPGlite(building, (error) => {
      throw error;
    });
    try {
      await templates[name].prepare(database);
    } finally {
      await database.close();
    }
    fs.renameSync(building, template);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(template)) throw error;
  }
}

/** Runs initdb and the migrations once, unless an earlier run left the templates for this code. */
export async function makePGliteTemplates(): Promise<void> {
  await makeTemplate('initdb', () => {});
  await makeTemplate('migrated', (dataDir) => seedDataDir(dataDir));
}

function seedFrom(name: Template, dataDir: string): string {
  const template = templateDir(name);
  if (fs.existsSync(template)) {
    fs.cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), {
      recursive: true,
      mode: fs.constants.COPYFILE_FICLONE,
    });
  }
  return dataDir;
}

/** Gives an empty DATA_DIR the empty cluster; without a template it is left to initdb. */
export const seedDataDir = (dataDir: string) => seedFrom('initdb', dataDir);

/** Gives an empty DATA_DIR a cluster at this schema version; without a template, see above. */
export const seedMigratedDataDir = (dataDir: string) => seedFrom('migrated', dataDir);
