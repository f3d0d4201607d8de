/**
 * Builds the SPA bundle (dist/) and the server (build/server/) when they are missing or older than
 * their sources. Build output goes to stderr so that stdout stays free for logs and CSV.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = (name) => path.join(root, 'build/server/server', `${name}.js`);

/** The latest modification time of these files, these directories and everything in them. */
function newestChange(sources) {
  let newest = 0;
  for (const source of sources.map((relative) => path.join(root, relative))) {
    if (!fs.existsSync(source)) continue;
    const entries = fs.statSync(source).isDirectory()
      ? [
          source,
          ...fs.readdirSync(source, { recursive: true }).map((name) => path.join(source, name)),
        ]
      : [source];
    for (const entry of entries) newest = Math.max(newest, fs.statSync(entry).mtimeMs);
  }
  return newest;
}

function isUpToDate(output, sources) {
  const outputPath = path.join(root, output);
  return fs.existsSync(outputPath) && fs.statSync(outputPath).mtimeMs >= newestChange(sources);
}

function runNpmScript(script) {
  console.error(`Building: npm run ${script}`);
  const result = spawnSync('npm', ['run', script], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(`npm run ${script} failed`);
    process.exit(result.status ?? 1);
  }
}

export function ensureServerBuilt() {
  // The server imports shared modules from src/ (the schema, the names both sides use).
  const sources = ['server', 'src', 'tsconfig.json', 'package-lock.json'];
  if (!isUpToDate('build/server/server/main.js', sources)) runNpmScript('build:server');
}

export function ensureClientBuilt() {
  const sources = ['src', 'public', 'webpack.config.js', 'package-lock.json'];
  // One build writes both: the bundle and the server's start-page renderer beside it.
  const outputs = ['dist/index.html', 'dist/prerender/startPage.cjs'];
  if (!outputs.every((output) => isUpToDate(output, sources))) runNpmScript('build:client');
}
