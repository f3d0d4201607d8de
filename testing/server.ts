/**
 * The real server as a process, for jest, the browser suite and the benchmarks alike: a free
 * port, a fresh DATA_DIR, waiting for /healthz, stopping, restarting, and the staff's commands.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './paths';

/**
 * built: what `npm start` and `npm run export` run (scripts/*.mjs), building the SPA and the
 * server first when they are stale. compiled: the server's build (build/server/) as it is, which
 * jest's global setup brings up to date. source: the TypeScript sources through tsx, with no build.
 */
export type Entry = 'built' | 'compiled' | 'source';

const commands = {
  server: {
    built: ['scripts/start.mjs'],
    compiled: ['build/server/server/main.js'],
    source: ['--import', 'tsx', 'server/main.ts'],
  },
  staff: {
    built: ['scripts/operations.mjs'],
    compiled: ['build/server/server/operations/cli.js'],
    source: ['--import', 'tsx', 'server/operations/cli.ts'],
  },
} satisfies Record<string, Record<Entry, string[]>>;

/** How long a start may take before giving up (a limit, not something asserted). */
const startLimitMs = 60_000;
const stopLimitMs = 10_000;
/** The output kept, so that a failed start or a test can read it. */
const outputLimit = 1_000_000;

export interface ServerOptions {
  entry?: Entry;
  /** A port chosen beforehand (when another service must know the address first); else a free one. */
  port?: number;
  /** Added to the defaults: production, 127.0.0.1, rate limit off, LOG_LEVEL warn. */
  env?: Record<string, string>;
  /** An existing DATA_DIR (kept on dispose); by default a fresh one that dispose removes. */
  dataDir?: string;
  /** Also writes the server's output here (benchmarks: stderr, keeping stdout for figures). */
  echo?: NodeJS.WritableStream;
  /** A command that runs the server, such as strace and its options. */
  wrapper?: string[];
  /** The checkout whose server runs (another release's worktree); this one by default. */
  root?: string;
}

export interface RunningServer {
  readonly url: string;
  /** Its Prometheus metrics, on 127.0.0.1:METRICS_PORT. */
  readonly metricsUrl: string;
  readonly dataDir: string;
  /** What the current process has written to stdout and stderr so far. */
  output(): string;
  /** Sends a signal to the current process's group (the server and anything it started). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the current process's exit code, or null when a signal ended it. */
  exited(): Promise<number | null>;
  /** Starts it again on the same port and DATA_DIR. */
  start(): Promise<void>;
  /** SIGTERM, then SIGKILL for whatever is left at the limit; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Stops it and removes the DATA_DIR it made. */
  dispose(): Promise<void>;
}

/** A port nobody listens on right now: the one the system hands out for port 0. */
export function freePort(): Promise<number> {
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

export async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (hasExited(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Signals a whole process group (npm start may run the server as a child); false when empty. */
function signalGroup(groupId: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, name);
    return true;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess): Promise<number | null> {
  const groupId = child.pid;
  if (groupId === undefined) return child.exitCode;
  const exited = exitCodeOf(child);
  signalGroup(groupId, 'SIGTERM');
  const deadline = Date.now() + stopLimitMs;
  while (signalGroup(groupId, 0) && Date.now() < deadline) await sleep(50);
  signalGroup(groupId, 'SIGKILL');
  return exited;
}

/** The server's environment: the defaults of ServerOptions.env, then `env`. */
function serverEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ...env,
  };
}

export interface EndedServer {
  code: number | null;
  /** What it wrote to stdout and stderr. */
  output: string;
}

/**
 * A server whose start is meant to fail: run with `env` (PORT, METRICS_PORT and DATA_DIR
 * included) until it exits, which it must within the start limit.
 */
export function runFailingServer(env: Record<string, string>, entry: Entry = 'source') {
  return new Promise<EndedServer>((resolve, reject) => {
    execFile(
      process.execPath,
      commands.server[entry],
      { cwd: repoRoot, env: serverEnv(env), timeout: startLimitMs },
      (error, stdout, stderr) => {
        if (error?.killed) return reject(new Error(`The server did not exit:\n${stdout}${stderr}`));
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          output: stdout + stderr,
        });
      },
    );
  });
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const metricsPort = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'server-data-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...serverEnv(options.env),
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
  };
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    output = '';
    const [command, ...args] = [
      ...(options.wrapper ?? []),
      process.execPath,
      ...commands.server[options.entry ?? 'built'],
    ];
    const server = spawn(command, args, {
      cwd: options.root ?? repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so that stop() reaches every process it starts
    });
    child = server;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-outputLimit);
      options.echo?.write(chunk);
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);

    const deadline = Date.now() + startLimitMs;
    while (Date.now() < deadline && !hasExited(server)) {
      if (await isHealthy(url)) return;
      await sleep(100);
    }
    await stop();
    throw new Error(`The server did not become healthy at ${url}/healthz. Its output:\n${output}`);
  }

  async function stop(): Promise<number | null> {
    const running = child;
    if (!running) return null;
    const code = await stopGroup(running);
    child = undefined;
    return code;
  }

  async function dispose(): Promise<void> {
    await stop();
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await start();
  } catch (error) {
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    dataDir,
    output: () => output,
    signal: (name) => {
      if (child?.pid !== undefined) signalGroup(child.pid, name);
    },
    exited: () => (child ? exitCodeOf(child) : Promise.resolve(null)),
    start,
    stop,
    dispose,
  };
}

export type StaffTarget = { DATA_DIR: string } | { DATABASE_URL: string };

export interface CommandResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** One of the staff's commands (`npm run export`, `erase`, …) on a DATA_DIR or DATABASE_URL. */
export function runStaffCommand(
  args: string[],
  target: StaffTarget,
  options: { entry?: Entry; stdin?: Buffer | string; env?: Record<string, string> } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...commands.staff[options.entry ?? 'built'], ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, ...target },
        encoding: 'buffer',
        maxBuffer: 1024 ** 3,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        if (error && code === null) return reject(error);
        resolve({ code, stdout, stderr: stderr.toString('utf8') });
      },
    );
    child.stdin?.end(options.stdin ?? '');
  });
}

/** `npm run export` on a DATA_DIR (or DATABASE_URL): the stored registrations as CSV. */
export async function exportCsv(target: StaffTarget, entry: Entry = 'built'): Promise<string> {
  const result = await runStaffCommand(['export'], target, { entry });
  if (result.code !== 0)
    throw new Error(`npm run export failed (${result.code}):\n${result.stderr}`);
  return result.stdout.toString('utf8');
}
