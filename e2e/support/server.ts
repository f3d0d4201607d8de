/**
 * The real server, as `npm start` runs it (node scripts/start.mjs), on a free port with a fresh
 * DATA_DIR and the rate limit off. Its output is kept so that a failed start can say why.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './paths';

/** How long a start may take before the test gives up (a limit, not something asserted). */
const startLimitMs = 45_000;
const stopLimitMs = 10_000;

export interface RunningServer {
  readonly url: string;
  readonly dataDir: string;
  /** Stops the server; the DATA_DIR stays, so that it can be exported or started again. */
  stop(): Promise<void>;
  /** Starts it again on the same port and DATA_DIR. */
  start(): Promise<void>;
  /** Stops it and removes its DATA_DIR. */
  dispose(): Promise<void>;
}

/** A port nobody listens on right now: the one the system hands out for port 0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Waits for the promise, but at most `ms`; the timer does not outlive the wait. */
async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([promise, limit]);
  clearTimeout(timer);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals the server's whole process group (npm start may run the server as a child). */
function signalGroup(groupId: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, name);
    return true;
  } catch {
    return false; // the group is empty
  }
}

/** Stops every process of the group: SIGTERM, then SIGKILL for whatever is left at the limit. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const groupId = child.pid;
  if (groupId === undefined) return;
  const exited = waitForExit(child);
  signalGroup(groupId, 'SIGTERM');
  await atMost(exited, stopLimitMs);
  const deadline = Date.now() + stopLimitMs;
  while (signalGroup(groupId, 0) && Date.now() < deadline) {
    await sleep(50);
  }
  signalGroup(groupId, 'SIGKILL');
  await exited;
}

export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    output = '';
    const server = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: serverEnv(port, dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so that stop() reaches every process it starts
    });
    child = server;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const exited = waitForExit(server);

    const deadline = Date.now() + startLimitMs;
    while (Date.now() < deadline) {
      if (server.exitCode !== null || server.signalCode !== null) break;
      if (await isHealthy(url)) return;
      await atMost(exited, 100);
    }
    await stop();
    throw new Error(`The server did not become healthy at ${url}/healthz. Its output:\n${output}`);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (running) await stopGroup(running);
  }

  async function dispose(): Promise<void> {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await start();
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { url, dataDir, start, stop, dispose };
}

/** `npm run export` (node scripts/export.mjs) on the given DATA_DIR: the stored rows as CSV. */
export function exportCsv(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/export.mjs'],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`npm run export failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
