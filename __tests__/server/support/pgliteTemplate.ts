/**
 * A fresh embedded database costs PGlite's initdb: seconds of WebAssembly for every test that
 * opens one. The tests that only need an empty database start from a copy of one cluster, made
 * once by the server's own code (jest's globalSetup); the tests of a first start run initdb.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPGlite } from '../../../server/db/pglite';
import { repoRoot } from '../../../testing/paths';

/** What the cluster initdb writes depends on: PGlite's version and how the server starts it. */
const madeBy = [
  'node_modules/@electric-sql/pglite/package.json',
  'server/db/pglite.ts',
  'server/db/pgliteWorker.ts',
];

function templateDir(): string {
  const hash = createHash('sha256');
  for (const file of madeBy) hash.update(fs.readFileSync(path.join(repoRoot, file)));
  return path.join(os.tmpdir(), `pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

/** Runs initdb once, unless an earlier run left the template for this PGlite. */
export async function makePGliteTemplate(): Promise<void> {
  const template = templateDir();
  if (fs.existsSync(template)) return;
  const building = fs.mkdtempSync(`${template}-building-`);
  try {
    await (
      await openPGlite(building, (error) => {
        throw error;
      })
    ).close();
    // Whole or not at all: another jest run may be making the same template.
    fs.renameSync(building, template);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(template)) throw error;
  }
}

/** Gives an empty DATA_DIR the template's cluster; without a template it is left to initdb. */
export function seedDataDir(dataDir: string): string {
  const template = templateDir();
  if (fs.existsSync(template)) {
    fs.cpSync(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), {
      recursive: true,
      mode: fs.constants.COPYFILE_FICLONE,
    });
  }
  return dataDir;
}
