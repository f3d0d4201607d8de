/** The server as a real process (server/main.ts through tsx), for what `inject` cannot show. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  const url = await new Promise<string>((resolve, reject) => {
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
    const check = () => {
      const match = listening.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', check);
    void exited.then(() => reject(new Error(`The server exited while starting:\n${output}`)));
  });
  return { url, child, output: () => output, exited };
}

/** `node server/export.ts` (what `npm run export` runs) on DATA_DIR or DATABASE_URL: its CSV. */
export function exportCsv(env: { DATA_DIR: string } | { DATABASE_URL: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/export.ts'],
      { cwd: repoRoot, env: { ...process.env, ...env } },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
    );
  });
}

/** The XSRF token a browser gets with the page. */
export async function fetchXsrfToken(url: string): Promise<string> {
  const page = await fetch(`${url}/`);
  await page.arrayBuffer();
  const token = /XSRF-TOKEN=([\w-]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('No XSRF-TOKEN cookie');
  return token;
}

export function postJson(url: string, token: string, body: string): Promise<Response> {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': token,
      cookie: `XSRF-TOKEN=${token}`,
    },
    body,
  });
}
