/**
 * Sign-in to the staff console: the authorization code flow with PKCE against the university's
 * OpenID provider. The browser never holds a token: the server keeps the sign-in under way and
 * then the session, and gives the browser HttpOnly cookies that name them. /staff/login starts,
 * /staff/callback finishes, and a POST to /staff/logout (with the XSRF header, so that no other
 * site can sign anyone out) ends the session here and, when the provider offers it, there too.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import * as client from 'openid-client';
import { sessionPagePath, sessionPages, signOutPath } from '../../src/contract/consolePaths';
import { rateLimitKey } from '../clientAddress';
import { recordSecurityEvent } from '../logging';
import { recordAudit } from '../operations/auditLog';
import { isLoopbackHost } from '../loopback';
import type { Database } from '../db/database';
import { accessOf, type StaffAccess } from './access';
import type { PendingSignIn, PendingSignIns } from './pendingSignIns';
import { signInMaxAgeMs } from './pendingSignIns';
import type { SessionStore, StaffPerson, StaffSession } from './sessions';
import { hasControlCharacters, withoutControlCharacters } from '../operations/controlCharacters';
import { recordStaffMember } from './staffMembers';
import type { StaffConsoleSettings } from './settings';

const signedOutPage = sessionPagePath('signedOut');
const signInFailedPage = sessionPagePath('signInFailed');
const signInRefusedPage = sessionPagePath('signInRefused');

/**
 * What a sign-in may bring, bounded where it enters: a subject of at most 255 ASCII characters
 * (OpenID Connect Core §2), a name and email of at most 320 (the staff_members rules of
 * migration 19), without control characters (stringClaim). A provider that sends more is
 * misconfigured: nothing of it is stored.
 */
const isSubject = (subject: string) => /^[\x20-\x7e]{1,255}$/.test(subject);
const claimMaxLength = 320;
const hasBoundedClaims = (person: StaffPerson) =>
  isSubject(person.subject) &&
  person.name.length <= claimMaxLength &&
  person.email.length <= claimMaxLength;

/** Far more than an office behind one address signs in a minute; a script guessing is held back. */
export const signInRequestsPerMinute = 60;

/**
 * The console's cookies: under https `__Host-` names, which the browser accepts only from this
 * host, secure and for the whole site (a sibling subdomain cannot plant one); on a loopback
 * address over plain http, plain names kept to the paths that read them.
 */
export function consoleCookies(settings: StaffConsoleSettings) {
  const secure = settings.publicUrl.protocol === 'https:';
  const options = (path: string) =>
    ({
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: secure ? '/' : path,
    }) as const;
  return {
    session: { name: `${secure ? '__Host-' : ''}staff-session`, options: options('/staff') },
    signIn: {
      name: `${secure ? '__Host-' : ''}staff-sign-in`,
      options: options('/staff/callback'),
    },
  };
}

/** The signed-in person and what today's STAFF_ACCESS gives their groups. */
export type SignedInStaff = StaffSession & StaffAccess;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, once `requireStaffSession` has run. */
    staffSession?: SignedInStaff;
  }
}

export interface SignInOptions {
  settings: StaffConsoleSettings;
  /** The provider's configuration, discovered on first use (openIdProvider.ts). */
  provider: () => Promise<client.Configuration>;
  sessions: SessionStore;
  pendingSignIns: PendingSignIns;
  database: Database;
  /** Where the instances count requests together, when given. */
  redis?: Redis;
  /** Whether signInRequestsPerMinute holds. */
  rateLimited: boolean;
}

/** Addresses under /staff that are no page to come back to. */
const notConsolePages = new Set([
  'api',
  'login',
  'callback',
  'logout',
  'backchannel-logout',
  ...Object.values(sessionPages),
]);

/**
 * The console's page `/staff/login?return=` names, as a path on this server, or /staff: never
 * another site (an open redirect), the API, the sign-in's own addresses nor the session pages.
 */
export function consolePage(requested: unknown, settings: StaffConsoleSettings): string {
  const url = typeof requested === 'string' ? URL.parse(requested, settings.publicUrl.href) : null;
  const isConsolePage =
    url !== null &&
    url.origin === settings.publicUrl.origin &&
    /^\/staff(\/[\w-]+)*$/.test(url.pathname) &&
    !notConsolePages.has(url.pathname.split('/')[2]);
  return isConsolePage ? url.pathname + url.search : '/staff';
}

/**
 * Who did it, as the audit log records a console action: the provider and its subject, which no
 * person can choose, and the email only when the provider vouches for it.
 */
export function auditActor(
  person: Pick<StaffSession, 'subject' | 'issuer' | 'email' | 'emailVerified'>,
) {
  const who = `sso ${person.subject} at ${person.issuer}`;
  return person.emailVerified && person.email ? `${person.email} (${who})` : who;
}

export const signInPlugin: FastifyPluginAsync<SignInOptions> = async (app, options) => {
  const { settings, provider, sessions, pendingSignIns, database } = options;
  const redirectUri = new URL('/staff/callback', settings.publicUrl).href;
  const cookies = consoleCookies(settings);

  const onRequest = [];
  if (options.rateLimited) {
    await app.register(rateLimit, {
      global: false,
      redis: options.redis,
      nameSpace: 'staff-sign-in-rate-limit-',
      skipOnError: true,
      keyGenerator: (request) => rateLimitKey(request.ip),
      onExceeded: (request) => recordSecurityEvent(request, 'rate-limited'),
    });
    onRequest.push(app.rateLimit({ max: signInRequestsPerMinute, timeWindow: 60_000 }));
  }

  app.get<{ Querystring: { return?: string } }>(
    '/staff/login',
    { onRequest },
    async (request, reply) => {
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
      reply.setCookie(cookies.signIn.name, await pendingSignIns.begin(pending), {
        ...cookies.signIn.options,
        maxAge: signInMaxAgeMs / 1000,
      });
      return reply.redirect(authorizationUrl.href);
    },
  );

  app.get('/staff/callback', { onRequest }, async (request, reply) => {
    reply.clearCookie(cookies.signIn.name, cookies.signIn.options);
    const key = request.cookies[cookies.signIn.name];
    const pending = key ? await pendingSignIns.take(key) : undefined;
    // Started on another host name than PUBLIC_URL's, more than 10 minutes ago, or used already.
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
    const person: StaffPerson = {
      subject: claims.sub,
      email: stringClaim(claims.email),
      emailVerified: claims.email_verified === true,
      name: stringClaim(claims.name),
      groups: groupNames(groups),
    };
    if (!hasBoundedClaims(person)) {
      request.log.warn(
        'staff sign-in refused: the provider sent a subject, name or email too long',
      );
      return reply.redirect(signInRefusedPage);
    }
    const access = accessOf(settings.access, person.groups);
    const token = await sessions.start(person, access);
    await recordStaffMember(database, { ...person, ...access }, new Date());
    await recordAudit(database, {
      command: 'sign-in',
      rowCount: 0,
      actor: auditActor({ ...person, issuer: settings.issuer.href }),
      details: access.admin ? 'access=admin' : `access=${access.programmes.join(' ') || 'none'}`,
    });
    reply.setCookie(cookies.session.name, token, cookies.session.options);
    app.setXsrfCookie(reply, token);
    return reply.redirect(consolePage(pending.returnTo, settings));
  });

  // A link would let any site sign a person out; the console's button posts with the header.
  app.get(signOutPath, async (_request, reply) =>
    reply.code(405).header('allow', 'POST').send({ message: 'Sign out with POST' }),
  );

  app.post(signOutPath, { onRequest: app.verifyXsrf }, async (request, reply) => {
    reply.clearCookie(cookies.session.name, cookies.session.options);
    const token = request.cookies[cookies.session.name];
    const session = token ? await sessions.end(token) : undefined;
    if (!session) return { location: signedOutPage };
    await recordAudit(database, { command: 'sign-out', rowCount: 0, actor: auditActor(session) });
    const config = await provider().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return { location: signedOutPage };
    // The client and the subject name the session there: the ID token never reaches the browser.
    const endSession = client.buildEndSessionUrl(config, {
      client_id: settings.clientId,
      logout_hint: session.subject,
      post_logout_redirect_uri: new URL(signedOutPage, settings.publicUrl).href,
    });
    return { location: endSession.href };
  });
};

/**
 * onRequest hook: 401 without a live session made under today's provider and client; after it,
 * the session is on the request with what today's STAFF_ACCESS gives its groups.
 */
export function requireStaffSession(sessions: SessionStore, settings: StaffConsoleSettings) {
  const cookieName = consoleCookies(settings).session.name;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[cookieName];
    const session = token ? await sessions.find(token) : undefined;
    if (!session) {
      reply.header('cache-control', 'no-store');
      throw request.server.httpErrors.unauthorized('Sign in at /staff/login');
    }
    request.staffSession = { ...session, ...accessOf(settings.access, session.groups) };
  };
}

/**
 * The groups claim's names: an array of strings, or none at all. A name with a control character
 * (which no STAFF_ACCESS names, and a NUL no database column takes) gives no access: left out.
 */
function groupNames(claim: unknown): string[] {
  const isNames =
    Array.isArray(claim) && claim.every((group): group is string => typeof group === 'string');
  return isNames ? claim.filter((group) => !hasControlCharacters(group)) : [];
}

/** The address the provider sent the browser back to, as the people's address shows it. */
const callbackUrl = (request: FastifyRequest, settings: StaffConsoleSettings) =>
  new URL(request.url, settings.publicUrl);

/**
 * A name or email claim as shown and stored: its white space (a tab, a line break) one space, its
 * other control characters (a directory's direction marks among them) taken out, as no stored text
 * but a note may hold one (migration 22).
 */
const stringClaim = (value: unknown) =>
  typeof value === 'string' ? withoutControlCharacters(value.replace(/\s+/g, ' ')).trim() : '';
