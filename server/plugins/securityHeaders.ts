/**
 * Security headers on every response (@fastify/helmet). The policy fits the SPA as built: its own
 * scripts, styles, images, fonts and /graphql only; no inline script; never framed (helmet's
 * default would allow 'self').
 */
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const securityHeaders: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: on a plain-HTTP classroom address it would break every asset.
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
