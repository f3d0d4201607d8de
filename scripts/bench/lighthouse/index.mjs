/**
 * Lighthouse and its launcher, from this folder's own package.json and lock, installed the first
 * time the benchmark runs: a measuring tool with 200 packages of its own, which neither
 * `npm start` nor the tests need.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumFlags, chromiumPath } from '../../../testing/browser.ts';

const folder = path.dirname(fileURLToPath(import.meta.url));

const readJson = (file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));

/** Installs the lock's packages unless the version package.json names is the one installed. */
function install() {
  const installed = path.join('node_modules', 'lighthouse', 'package.json');
  const wanted = readJson('package.json').dependencies.lighthouse;
  if (fs.existsSync(path.join(folder, installed)) && readJson(installed).version === wanted) return;
  console.error(`Installing Lighthouse into ${path.relative(process.cwd(), folder)}/node_modules`);
  const { status } = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: folder,
    stdio: ['ignore', process.stderr, process.stderr],
    shell: process.platform === 'win32',
  });
  if (status !== 0) throw new Error(`npm ci in ${folder} failed`);
}

/**
 * `lighthouse` and its `constants`, and `launchChromium`: Debian's Chromium, headless, through
 * chrome-launcher (Lighthouse's own launcher), which picks a free DevTools port (`.port`,
 * `.kill()`); no tool downloads a browser.
 */
export async function loadLighthouse() {
  install();
  const resolve = createRequire(path.join(folder, 'package.json')).resolve;
  const load = (name) => import(pathToFileURL(resolve(name)).href);
  const [{ default: lighthouse }, constants, chromeLauncher] = await Promise.all([
    load('lighthouse'),
    load('lighthouse/core/config/constants.js'),
    load('chrome-launcher'),
  ]);
  const launchChromium = () =>
    chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumFlags });
  return { lighthouse, constants, launchChromium };
}
