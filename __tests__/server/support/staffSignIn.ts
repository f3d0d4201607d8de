/**
 * The staff console's sign-in as a browser goes through it: the app's /staff/login, the local
 * OpenID provider's own login form (testing/localProvider.ts), and back to the app's
 * /staff/callback. Resolves with the session cookie (and, from signInFrom, the XSRF token).
 */
import type { FastifyInstance } from 'fastify';
import { xsrfCookieName } from '../../../src/contract/protocol';
import { cookieJar, signInAtProvider } from '../../../testing/localProvider';

/** Signs `login` in and resolves with the app's session cookie (name=value). */
export async function signIn(app: FastifyInstance, login: string): Promise<string> {
  return (await signInFrom(app, login, '/staff/login')).cookie;
}

/**
 * Signs `login` in, starting at `loginUrl` (/staff/login and its query); resolves with the
 * session cookie and where the app sends the browser at the end.
 */
export async function signInFrom(
  app: FastifyInstance,
  login: string,
  loginUrl: string,
  /** PUBLIC_URL's host, when it is not inject's localhost; the provider's cookies, to keep. */
  { host, providerCookies }: { host?: string; providerCookies?: ReturnType<typeof cookieJar> } = {},
) {
  const headers = host ? { host } : {};
  const start = await app.inject({ method: 'GET', url: loginUrl, headers });
  // Named __Host-… under https.
  const pending = start.cookies.find((cookie) => cookie.name.endsWith('staff-sign-in'))!;
  const callback = new URL(
    await signInAtProvider(start.headers.location as string, login, providerCookies),
  );
  const done = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers,
    cookies: { [pending.name]: pending.value },
  });
  const session = done.cookies.find((cookie) => cookie.name.endsWith('staff-session'));
  if (!session) throw new Error(`/staff/callback answered ${done.statusCode}: ${done.body}`);
  const xsrf = done.cookies.find((cookie) => cookie.name === xsrfCookieName);
  return {
    cookie: `${session.name}=${session.value}`,
    location: done.headers.location,
    /** The XSRF token the sign-in gave, bound to its session. */
    xsrfToken: xsrf?.value as string,
  };
}
