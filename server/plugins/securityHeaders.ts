/**
 * @fastify/helmet settings. The policy fits the SPA as built: its own scripts, styles, images,
 * fonts and /graphql only; no inline script; never framed (helmet's default would allow 'self').
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export const securityHeaders: FastifyHelmetOptions = {
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
};
