/**
 * The production server for a benchmark: `npm start` (scripts/start.mjs) as a child process on a
 * free port with a fresh temporary DATA_DIR, stopped with SIGTERM and its DATA_DIR removed after.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureClientBuilt, ensureServerBuilt, root } from '../ensure-built.mjs';

const startLimitMs = 60_000;
const stopLimitMs = 15_000;

/** A port nobody listens on right now: the one the system hands out for port 0. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function isHealthy(url) {
  try {
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Starts the server with the given extra environment. Its own output goes to stderr, so that
 * stdout carries only the figures.
 */
export async function startProductionServer(env = {}) {
  // Build first, so that building does not count against the start limit.
  ensureClientBuilt();
  ensureServerBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', process.stderr, process.stderr],
  });

  async function stop() {
    if (hasExited(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(stopLimitMs, false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The server did not stop within ${stopLimitMs} ms of SIGTERM`);
    }
    if (child.exitCode !== 0) throw new Error(`The server exited with code ${child.exitCode}`);
  }

  async function remove() {
    await stop().finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  }

  const deadline = Date.now() + startLimitMs;
  while (!(await isHealthy(url))) {
    if (hasExited(child) || Date.now() > deadline) {
      await remove().catch(() => undefined);
      throw new Error(`The server did not become healthy at ${url}/healthz`);
    }
    await sleep(100);
  }
  return { url, dataDir, stop, remove };
}

/** `npm run export` on a DATA_DIR whose server has stopped: the stored registrations as CSV. */
export function exportCsv(dataDir) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/export.mjs'],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, maxBuffer: 1024 ** 3 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`npm run export failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
