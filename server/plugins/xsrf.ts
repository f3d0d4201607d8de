/**
 * Cross-site request protection by double-submit cookie. Every HTML response carries the cookie
 * XSRF-TOKEN; the SPA echoes it in the X-XSRF-TOKEN header. Another site can make a browser send
 * the cookie but cannot read it, so it cannot produce the matching header. Routes that change
 * state add `app.verifyXsrf` to their onRequest hooks.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { xsrfCookieName, xsrfHeaderName } from '../../src/api/protocol';
import { headerMatchesCookie, xsrfTokenFor } from '../xsrfToken';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: refuses the request with 403 before its body is read. */
    verifyXsrf(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const xsrf: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('text/html')) {
      reply.setCookie(xsrfCookieName, xsrfTokenFor(request.cookies[xsrfCookieName]), {
        path: '/',
        sameSite: 'strict',
        secure: 'auto',
        httpOnly: false, // the SPA must read it
      });
    }
    return payload;
  });

  app.decorate('verifyXsrf', async (request: FastifyRequest) => {
    const header = request.headers[xsrfHeaderName.toLowerCase()];
    if (!headerMatchesCookie(request.cookies[xsrfCookieName], header)) {
      throw app.httpErrors.forbidden(`Missing or invalid ${xsrfHeaderName} header`);
    }
  });
};

export const xsrfPlugin = fp(xsrf, {
  name: 'xsrf',
  dependencies: ['@fastify/cookie', '@fastify/sensible'],
});
