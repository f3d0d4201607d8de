/**
 * The local OpenID provider (scripts/dev-idp.mjs, oidc-provider) as a process, for jest and the
 * browser suite: its demo accounts sign in through its own login form.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './paths';

export interface LocalProvider {
  /** The server's settings it prints: STAFF_OIDC_*, PUBLIC_URL and STAFF_ACCESS. */
  settings: Record<string, string>;
  stop(): void;
}

/** Starts scripts/dev-idp.mjs on a free port for a server at `publicUrl`. */
export async function startLocalProvider(publicUrl: string): Promise<LocalProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/dev-idp.mjs')],
    {
      env: { ...process.env, IDP_PORT: '0', PUBLIC_URL: publicUrl },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('SETTINGS ')) {
      return { settings: JSON.parse(line.slice('SETTINGS '.length)), stop: () => child.kill() };
    }
  }
  throw new Error('scripts/dev-idp.mjs ended without printing its settings');
}
