/**
 * Signed double-submit tokens (the OWASP CSRF cheat sheet's pattern): a random per-visitor value
 * and its HMAC under a key derived from the server's secret, `<value>.<signature>`. The server
 * checks the signature as well as the header's equality with the cookie, so a pair made up by a
 * client, or a cookie planted by a sibling subdomain, is refused. A signed-in staff member's token
 * is bound to their session (OWASP's HMAC-based variant): its value is an HMAC of the session
 * cookie, so a token from before the sign-in, or from another session, does not open this one.
 * Apart from Fastify, so that the development server (webpack.config.js) issues the same tokens.
 *
 * Releases before 75067a2 signed with the secret itself: such a token is still accepted (never
 * issued, never bound to a session), so that a form loaded from one of them is taken after an
 * upgrade. A later release drops it (CHANGELOG.md).
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes and a SHA-256 HMAC, each in base64url. */
const tokenFormat = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export interface XsrfTokens {
  /**
   * The token a page should carry: with a staff session, the one bound to it; else the visitor's
   * own when it is genuine, else a new one.
   */
  tokenFor(current: unknown, session?: string): string;
  /**
   * Whether the header echoes the cookie and the cookie was issued under our secret, and, with a
   * staff session, bound to it.
   */
  verify(cookie: unknown, header: unknown, session?: string): boolean;
}

function sameBytes(a: string, b: string): boolean {
  const bytesA = Buffer.from(a);
  const bytesB = Buffer.from(b);
  return bytesA.length === bytesB.length && timingSafeEqual(bytesA, bytesB);
}

/**
 * A key of each use, derived from the server's secret (HKDF), so that no other use of the secret
 * (the audit log's hashes) shares a key with the tokens.
 */
const keyOf = (secret: string, use: string) => Buffer.from(hkdfSync('sha256', secret, '', use, 32));

export function createXsrfTokens(secret: string): XsrfTokens {
  const key = keyOf(secret, 'xsrf token');
  const sessionKey = keyOf(secret, 'xsrf token of a staff session');
  const sign = (value: string) => createHmac('sha256', key).update(value).digest('base64url');
  const signBefore75067a2 = (value: string) =>
    createHmac('sha256', secret).update(value).digest('base64url');
  const boundValue = (session: string) =>
    createHmac('sha256', sessionKey).update(session).digest('base64url');

  /** Whether `token` is a value and its signature by `signer`. */
  function isSignedBy(signer: (value: string) => string, token: unknown): token is string {
    const parts = typeof token === 'string' ? tokenFormat.exec(token) : null;
    return parts !== null && sameBytes(signer(parts[1]), parts[2]);
  }

  return {
    tokenFor(current, session) {
      if (session) {
        const value = boundValue(session);
        return `${value}.${sign(value)}`;
      }
      if (isSignedBy(sign, current)) return current;
      const value = randomBytes(32).toString('base64url');
      return `${value}.${sign(value)}`;
    },
    verify(cookie, header, session) {
      if (typeof cookie !== 'string' || typeof header !== 'string' || !sameBytes(cookie, header)) {
        return false;
      }
      if (session)
        return isSignedBy(sign, cookie) && sameBytes(cookie.split('.')[0], boundValue(session));
      return isSignedBy(sign, cookie) || isSignedBy(signBefore75067a2, cookie);
    },
  };
}
