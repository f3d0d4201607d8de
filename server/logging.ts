/**
 * Structured logs through Fastify's pino: one line per request with method, path, status and
 * response time. Nothing else about a request is written: no headers, no address, no query
 * string, no body, so no field of the form can reach the log. Refusals that may be an attack
 * are logged once more as security events, with the client's address truncated, and counted in
 * the metrics as refused registrations. A confirmation withheld from an address that has had its
 * share is a security event too, counted by its own metric.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { truncatedAddress } from './clientAddress';

export type Refusal =
  | 'xsrf-cross-site'
  | 'xsrf-token'
  | 'body-too-large'
  | 'rate-limited'
  | 'invalid-graphql'
  | 'registration-refused'
  | 'staff-access-denied';

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
      path: request.url.split('?')[0],
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
      path: request.url.split('?')[0],
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, errorName: error.name }, 'request failed');
    else reply.log.info(line, 'request completed');
  }
}
