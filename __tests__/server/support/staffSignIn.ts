/**
 * The staff console's sign-in as a browser goes through it: the app's /staff/login, the local
 * OpenID provider's own login form (testing/localProvider.ts), and back to the app's
 * /staff/callback. Resolves with the session cookie.
 */
import type { FastifyInstance } from 'fastify';

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

/** Signs `login` in and resolves with the app's session cookie (name=value). */
export async function signIn(app: FastifyInstance, login: string): Promise<string> {
  const start = await app.inject({ method: 'GET', url: '/staff/login' });
  const pending = start.cookies.find((cookie) => cookie.name === 'staff-sign-in')!;
  const jar = cookieJar();
  let location = start.headers.location as string;
  // The provider redirects to its login form, then, once the form is sent, back to the app.
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
  const callback = new URL(location);
  const done = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: { [pending.name]: pending.value },
  });
  const session = done.cookies.find((cookie) => cookie.name === 'staff-session');
  if (!session) throw new Error(`/staff/callback answered ${done.statusCode}: ${done.body}`);
  return `${session.name}=${session.value}`;
}
