/**
 * Structured logs through Fastify's pino: one line per request with method, path, status and
 * response time. Nothing else about a request is written: no headers, no address, no query
 * string, no body, so no field of the form can reach the log; and the path without anything
 * shaped like a token (loggedPath). Refusals that may be an attack
 * are logged once more as security events, with the client's address truncated, and counted in
 * the metrics as refused registrations. A confirmation withheld from an address that has had its
 * share is a security event too, counted by its own metric.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { truncatedAddress } from './clientAddress';

/**
 * A secret's shape in an address: 20 or more URL-safe characters (base64url, hex, or any of them
 * percent-encoded) in a row. The applicant's link is `/my/<token>` (43 base64url characters), and a
 * token mistyped or pasted into another place (`/my//<token>`, `/my/<token>/`, `/staff/<token>`)
 * is as secret; an API token (`sisreg_` and 43) or a session's is no less so, wherever it lands.
 */
const tokenShaped = /(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){20,}/g;
/** …but a route's own name, lower-case words and hyphens, stays as it is. */
const plainWords = /^[a-z-]+$/;
export const redactedToken = '<token>';

/**
 * The request's path as the log writes it: no query string (nor a fragment), and each token-shaped
 * run of characters, wherever it is in the path, as `<token>`.
 */
export const loggedPath = (url: string) =>
  url
    .split(/[?#]/, 1)[0]
    .replace(tokenShaped, (run) => (plainWords.test(run) ? run : redactedToken));

export type Refusal =
  | 'xsrf-cross-site'
  | 'xsrf-token'
  | 'body-too-large'
  | 'rate-limited'
  | 'invalid-graphql'
  | 'registration-refused'
  | 'staff-access-denied'
  /** Too many wrong birthdays locked an applicant's link. */
  | 'applicant-link-locked';

export type SecurityEvent =
  | Refusal
  | 'confirmation-address-limit'
  /** The integration API: no token, or one unknown, expired or revoked; or too many requests. */
  | 'api-token-refused'
  | 'api-rate-limited';

/** A refusal: counted as a refused registration, and logged as a security event. */
export function recordSecurityEvent(request: FastifyRequest, event: Refusal): void {
  request.server.metrics.registrationsRefused.inc({ reason: event });
  logSecurityEvent(request, event);
}

/**
 * The event, the client's address cut short, the path and, in the staff console, who (the
 * provider's subject): never a form value.
 */
export function logSecurityEvent(request: FastifyRequest, event: SecurityEvent): void {
  request.log.warn(
    {
      securityEvent: event,
      client: truncatedAddress(request.ip),
      path: loggedPath(request.url),
      staff: request.staffSession?.subject,
    },
    'security event',
  );
}

export class RequestLogController extends LogController {
  incomingRequest() {}

  routeNotFound() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      path: loggedPath(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, errorName: error.name }, 'request failed');
    else reply.log.info(line, 'request completed');
  }
}
