/**
 * A local OpenID provider (oidc-provider) for the staff console, in the process that starts it:
 * `npm run dev:idp` (scripts/dev-idp.mjs), jest, the browser suite and bench:staff. Three demo
 * accounts sign in through its own login form with any password: `admin` (every programme),
 * `coordinator` (MIDS only) and `outsider` (no access); `unverified` tries what a hostile
 * provider account might, `marked` a directory's control characters, `overlongSubject` what a
 * misconfigured one sends. Never part of `npm start`: a real
 * deployment signs in through the university's provider.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { backChannelLogoutPath, sessionPagePath } from '../src/contract/consolePaths';

export interface LocalProvider {
  /** The server's settings for it: STAFF_OIDC_*, PUBLIC_URL and STAFF_ACCESS. */
  settings: Record<string, string>;
  /** A logout token for `login`, as the provider posts to the console's back-channel address. */
  logoutToken(login: string): Promise<string>;
  stop(): Promise<void>;
}

const clientId = 'registration-staff-console';

/** A misconfigured provider's subject: 3,000 characters, where OpenID Connect allows 255. */
export const overlongSubject = 's'.repeat(3000);

export const demoAccounts = {
  admin: { name: 'Alma Admin', email: 'alma.admin@example.edu', groups: ['admissions-admins'] },
  coordinator: {
    name: 'Cai Coordinator',
    email: 'cai.coordinator@example.edu',
    groups: ['mids-team'],
  },
  outsider: { name: 'Olli Outsider', email: 'olli.outsider@example.edu', groups: ['library'] },
  // Whose email the provider does not vouch for, and whose groups claim is not a list of names.
  unverified: {
    name: 'Ulla Unverified',
    email: 'alma.admin@example.edu',
    email_verified: false,
    groups: [['admissions-admins']],
  },
  // A directory's name, email and group with direction marks, a tab and a NUL.
  marked: {
    name: 'Noa \u200FLevi\tKatz',
    email: 'noa.levi@example.edu\u200E',
    groups: ['admissions-admins', 'x\u200F\u0000y'],
  },
  // A misconfigured provider's: its login is its subject.
  [overlongSubject]: {
    name: 'Otto Overlong',
    email: 'otto.overlong@example.edu',
    groups: ['admissions-admins'],
  },
};
const staffAccess = 'admissions-admins:admin,mids-team:MIDS';

function createProvider(issuer: string, publicUrl: string, clientSecret: string): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/staff/callback`],
        post_logout_redirect_uris: [`${publicUrl}${sessionPagePath('signedOut')}`],
        backchannel_logout_uri: `${publicUrl}${backChannelLogoutPath}`,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }] },
    pkce: { required: () => true },
    // A working day's sign-in, so that the demo says nothing of its defaults.
    ttl: {
      AccessToken: 60 * 60,
      Grant: 8 * 60 * 60,
      IdToken: 60 * 60,
      Interaction: 10 * 60,
      Session: 8 * 60 * 60,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The demo's claims in the ID token, as many university providers send groups.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) =>
      Object.hasOwn(demoAccounts, id)
        ? {
            accountId: id,
            claims: () => ({
              sub: id,
              email_verified: true,
              ...demoAccounts[id as keyof typeof demoAccounts],
            }),
          }
        : undefined,
    // The console is the university's own: no consent screen after the login.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // A local stand-in posts its back-channel logouts to the console on this machine: its guard
    // against loopback and other special-use addresses (the dispatcher it sets) is for real
    // providers. It takes effect only once some undici Agent has been loaded in the process.
    fetch: (url, options) => fetch(url, { ...options, dispatcher: undefined } as RequestInit),
  });
}

/** Starts the provider on 127.0.0.1:`port` (0: a free one) for a server at `publicUrl`. */
export async function startLocalProvider(publicUrl: string, port = 0): Promise<LocalProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = createProvider(issuer, publicUrl.replace(/\/$/, ''), clientSecret);
  server.on('request', provider.callback());
  return {
    // As oidc-provider makes the one it posts (Client#backchannelLogout).
    async logoutToken(login) {
      const client = await provider.Client.find(clientId);
      const token = new provider.IdToken({ sub: login }, { client, ctx: undefined });
      // Its claims are filtered by a mask that oidc-provider's types leave out.
      Object.assign(token, { mask: { sub: null } });
      token.set('events', { 'http://schemas.openid.net/event/backchannel-logout': {} });
      token.set('jti', randomBytes(16).toString('base64url'));
      return token.issue({ use: 'logout' });
    },
    settings: {
      STAFF_OIDC_ISSUER: issuer,
      STAFF_OIDC_CLIENT_ID: clientId,
      STAFF_OIDC_CLIENT_SECRET: clientSecret,
      PUBLIC_URL: publicUrl,
      STAFF_ACCESS: staffAccess,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
/** A cookie jar for the provider's side of the sign-in, which its sign-out needs again. */
export function cookieJar() {
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
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar = cookieJar(),
): Promise<string> {
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

/**
 * Signs the person whose provider cookies `jar` holds out at the provider, as its sign-out page
 * does when they confirm it; the provider then posts a logout token to each client's
 * back-channel address before it answers.
 */
export async function signOutAtProvider(
  issuer: string,
  jar: ReturnType<typeof cookieJar>,
): Promise<void> {
  const page = await fetch(`${issuer}/session/end`, { headers: { cookie: jar.header() } });
  jar.keep(page);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!xsrf) throw new Error(`the provider's sign-out page (${page.status}) has no form`);
  const confirmed = await fetch(`${issuer}/session/end/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  if (confirmed.status !== 303)
    throw new Error(`the provider's sign-out answered ${confirmed.status}`);
}
