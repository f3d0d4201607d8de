/**
 * Cross-site request protection. Every HTML response carries the signed cookie XSRF-TOKEN
 * (server/xsrfToken.ts); the SPA echoes it in the X-XSRF-TOKEN header. Another site can make a
 * browser send the cookie but cannot read it, so it cannot produce the header, nor can it make
 * up a pair of its own. Besides, a request that the browser says comes from another site
 * (Sec-Fetch-Site) or whose Origin is not ours is refused. Routes that change state add
 * `app.verifyXsrf` to their onRequest hooks. Where the request carries a staff session's cookie,
 * the token must be the one bound to that session, which its sign-in and every page give.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { recordSecurityEvent } from '../logging';
import { createXsrfTokens } from '../xsrfToken';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: refuses the request with 403 before its body is read. */
    verifyXsrf(request: FastifyRequest): Promise<void>;
    /** Gives the browser the token bound to the staff session it has just been given. */
    setXsrfCookie(reply: FastifyReply, session: string): void;
  }
}

export interface XsrfPluginOptions {
  secret: string;
  /** The staff session's cookie, when the console is on. */
  sessionCookie?: string;
}

/** host[:port] without the default ports, which browsers leave out of Origin and Host alike. */
const withoutDefaultPort = (host: string) => host.replace(/:(80|443)$/, '');

/**
 * Whether the browser says, or the Origin shows, that another site sent the request. Origin is
 * compared by host only: behind a TLS proxy the scheme the server sees may not be the browser's.
 */
function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return withoutDefaultPort(new URL(origin).host) !== withoutDefaultPort(request.host);
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
}

const xsrf: FastifyPluginAsync<XsrfPluginOptions> = async (app, { secret, sessionCookie }) => {
  const tokens = createXsrfTokens(secret);
  const sessionOf = (request: FastifyRequest) =>
    sessionCookie ? request.cookies[sessionCookie] : undefined;
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(xsrfCookieName, token, {
      path: '/',
      sameSite: 'strict',
      secure: 'auto',
      httpOnly: false, // the SPA must read it
    });

  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('text/html')) {
      setCookie(reply, tokens.tokenFor(request.cookies[xsrfCookieName], sessionOf(request)));
    }
    return payload;
  });

  app.decorate('setXsrfCookie', (reply: FastifyReply, session: string) =>
    setCookie(reply, tokens.tokenFor(undefined, session)),
  );

  app.decorate('verifyXsrf', async (request: FastifyRequest) => {
    if (isCrossSite(request)) {
      recordSecurityEvent(request, 'xsrf-cross-site');
      throw app.httpErrors.forbidden('Cross-site request refused');
    }
    const header = request.headers[xsrfHeaderName.toLowerCase()];
    if (!tokens.verify(request.cookies[xsrfCookieName], header, sessionOf(request))) {
      recordSecurityEvent(request, 'xsrf-token');
      throw app.httpErrors.forbidden(`Missing or invalid ${xsrfHeaderName} header`);
    }
  });
};

export const xsrfPlugin = fp(xsrf, {
  name: 'xsrf',
  dependencies: ['@fastify/cookie', '@fastify/sensible'],
});
