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

/** A cookie jar for the provider's side of the sign-in. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const separator = pair.indexOf('=');
        cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
    },
  };
}

/**
 * Follows the app's redirect to the provider (`authorizationUrl`), sends its login form as
 * `login` (any password), and resolves with the address it sends the browser back to: the app's
 * /staff/callback with the code.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = cookieJar();
  let location = authorizationUrl;
  for (let step = 0; !location.includes('/staff/callback'); step++) {
    if (step > 10) throw new Error(`sign-in did not come back to the app (at ${location})`);
    const isLoginForm = /\/interaction\/[^/]+$/.test(new URL(location).pathname);
    const response = await fetch(location, {
      redirect: 'manual',
      method: isLoginForm ? 'POST' : 'GET',
      headers: {
        cookie: jar.header(),
        ...(isLoginForm && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: isLoginForm
        ? new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString()
        : undefined,
    });
    jar.keep(response);
    const next = response.headers.get('location');
    if (!next) throw new Error(`the provider answered ${response.status} at ${location}`);
    location = new URL(next, location).href;
  }
  return location;
}
