/**
 * Cross-site request protection by double-submit cookie. Every HTML response carries the cookie
 * XSRF-TOKEN; the SPA echoes it in the X-XSRF-TOKEN header. Another site can make a browser send
 * the cookie but cannot read it, so it cannot produce the matching header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'x-xsrf-token';

/** 32 random bytes (256 bits) in base64url. */
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;

function isToken(value: unknown): value is string {
  return typeof value === 'string' && tokenFormat.test(value);
}

/** onSend: keeps a valid token from the request, otherwise issues a new one. */
export const issueXsrfCookie: onSendHookHandler = async (request, reply, payload) => {
  const contentType = reply.getHeader('content-type');
  if (typeof contentType === 'string' && contentType.startsWith('text/html')) {
    const current = request.cookies[xsrfCookieName];
    reply.setCookie(
      xsrfCookieName,
      isToken(current) ? current : randomBytes(32).toString('base64url'),
      {
        path: '/',
        sameSite: 'strict',
        secure: 'auto',
        httpOnly: false, // the SPA must read it
      },
    );
  }
  return payload;
};

/** onRequest on POST /graphql: refuses before the body is even read. */
export async function verifyXsrfToken(request: FastifyRequest, reply: FastifyReply) {
  const cookie = request.cookies[xsrfCookieName];
  const header = request.headers[xsrfHeaderName];
  if (isToken(cookie) && typeof header === 'string' && sameText(cookie, header)) return;
  return reply.code(403).send({
    statusCode: 403,
    error: 'Forbidden',
    message: 'Missing or invalid X-XSRF-TOKEN header',
  });
}

function sameText(a: string, b: string): boolean {
  const bufferA = Buffer.from(a);
  const bufferB = Buffer.from(b);
  return bufferA.length === bufferB.length && timingSafeEqual(bufferA, bufferB);
}
