/**
 * Sign-in to the staff console: the authorization code flow with PKCE against the university's
 * OpenID provider. The browser never holds a token: the server keeps the session and gives the
 * browser an HttpOnly cookie that names it. /staff/login starts, /staff/callback finishes,
 * /staff/logout ends the session here and, when the provider offers it, there too.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { sessionPagePath, sessionPages } from '../../src/contract/consolePaths';
import { recordAudit } from '../operations/auditLog';
import { isLoopbackHost } from '../loopback';
import type { Database } from '../db/database';
import { accessOf } from './access';
import { openIdProvider } from './openIdProvider';
import { recordStaffMember } from './staffMembers';
import type { SessionStore, StaffSession } from './sessions';
import type { StaffConsoleSettings } from './settings';

export const sessionCookie = 'staff-session';
const signInCookie = 'staff-sign-in';
const signedOutPage = sessionPagePath('signedOut');
const signInFailedPage = sessionPagePath('signInFailed');
/** Long enough to type a password and answer a second factor. */
const signInMaxAgeSeconds = 10 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, once `requireStaffSession` has run. */
    staffSession?: StaffSession;
  }
}

export interface SignInOptions {
  settings: StaffConsoleSettings;
  sessions: SessionStore;
  database: Database;
}

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** The console's page to come back to. */
  returnTo: string;
}

/** Addresses under /staff that are no page to come back to. */
const notConsolePages = new Set([
  'api',
  'login',
  'callback',
  'logout',
  ...Object.values(sessionPages),
]);

/**
 * The console's page `/staff/login?return=` names, as a path on this server, or /staff: never
 * another site (an open redirect), the API, the sign-in's own addresses nor the session pages.
 */
export function consolePage(requested: unknown, settings: StaffConsoleSettings): string {
  if (typeof requested !== 'string') return '/staff';
  const url = new URL(requested, settings.publicUrl);
  const isConsolePage =
    url.origin === settings.publicUrl.origin &&
    /^\/staff(\/[\w-]+)*$/.test(url.pathname) &&
    !notConsolePages.has(url.pathname.split('/')[2]);
  return isConsolePage ? url.pathname + url.search : '/staff';
}

/** Who did it, as the audit log records a console action. */
export const auditActor = (person: { subject: string; email: string }) =>
  `${person.email} (sso ${person.subject})`;

export const signInPlugin: FastifyPluginAsync<SignInOptions> = async (app, options) => {
  const { settings, sessions, database } = options;
  const provider = openIdProvider(settings);
  const redirectUri = new URL('/staff/callback', settings.publicUrl).href;
  const secure = settings.publicUrl.protocol === 'https:';
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure } as const;

  app.get<{ Querystring: { return?: string } }>('/staff/login', async (request, reply) => {
    // A local trial opened at 127.0.0.1 while PUBLIC_URL says localhost, or the other way round:
    // the pending sign-in's cookie must be on the host the provider sends the browser back to.
    // (Never behind a proxy, whose own host name could send the browser round in circles.)
    const isOtherLoopbackName =
      new URL(`${request.protocol}://${request.host}`).origin !== settings.publicUrl.origin &&
      isLoopbackHost(request.hostname) &&
      isLoopbackHost(settings.publicUrl.hostname);
    if (isOtherLoopbackName) return reply.redirect(new URL(request.url, settings.publicUrl).href);
    const config = await provider();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo: consolePage(request.query.return, settings),
    };
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    reply.setCookie(signInCookie, JSON.stringify(pending), {
      ...cookieOptions,
      path: '/staff/callback',
      maxAge: signInMaxAgeSeconds,
      signed: true,
    });
    return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href);
  });

  app.get('/staff/callback', async (request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .clearCookie(signInCookie, { path: '/staff/callback' });
    const pending = readPendingSignIn(request);
    // Started on another host name than PUBLIC_URL's, or more than 10 minutes ago.
    if (!pending) return reply.redirect(signInFailedPage);
    const config = await provider();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl(request, settings), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      // The provider's answer (a refusal, a wrong state) says nothing personal: keep its kind.
      request.log.warn({ errorName: (error as Error).name }, 'staff sign-in failed');
      return reply.redirect(signInFailedPage);
    }
    const claims = tokens.claims()!;
    const groups =
      claims[settings.groupsClaim] ??
      (await client.fetchUserInfo(config, tokens.access_token, claims.sub))[settings.groupsClaim];
    const person = {
      subject: claims.sub,
      email: stringClaim(claims.email),
      name: stringClaim(claims.name),
      ...accessOf(settings.access, Array.isArray(groups) ? groups.map(String) : []),
    };
    const token = await sessions.start(person, tokens.id_token ?? '');
    await recordStaffMember(database, person, new Date());
    await recordAudit(database, {
      command: 'sign-in',
      rowCount: 0,
      actor: auditActor(person),
      details: person.admin ? 'access=admin' : `access=${person.programmes.join(' ') || 'none'}`,
    });
    reply.setCookie(sessionCookie, token, { ...cookieOptions, path: '/staff' });
    return reply.redirect(consolePage(pending.returnTo, settings));
  });

  app.get('/staff/logout', async (request, reply) => {
    reply.header('cache-control', 'no-store').clearCookie(sessionCookie, { path: '/staff' });
    const token = request.cookies[sessionCookie];
    const session = token ? await sessions.end(token) : undefined;
    if (!session) return reply.redirect(signedOutPage);
    await recordAudit(database, { command: 'sign-out', rowCount: 0, actor: auditActor(session) });
    const config = await provider().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return reply.redirect(signedOutPage);
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: session.idToken,
      post_logout_redirect_uri: new URL(signedOutPage, settings.publicUrl).href,
    });
    return reply.redirect(endSession.href);
  });
};

/** onRequest hook: 401 without a live session; the session is on the request after it. */
export function requireStaffSession(sessions: SessionStore) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[sessionCookie];
    const session = token ? await sessions.find(token) : undefined;
    if (!session) {
      reply.header('cache-control', 'no-store');
      throw request.server.httpErrors.unauthorized('Sign in at /staff/login');
    }
    request.staffSession = session;
  };
}

function readPendingSignIn(request: FastifyRequest): PendingSignIn | undefined {
  const signed = request.cookies[signInCookie];
  const unsigned = signed ? request.unsignCookie(signed) : undefined;
  if (!unsigned?.valid || unsigned.value === null) return undefined;
  try {
    return JSON.parse(unsigned.value) as PendingSignIn;
  } catch {
    return undefined;
  }
}

/** The address the provider sent the browser back to, as the people's address shows it. */
const callbackUrl = (request: FastifyRequest, settings: StaffConsoleSettings) =>
  new URL(request.url, settings.publicUrl);

const stringClaim = (value: unknown) => (typeof value === 'string' ? value : '');
