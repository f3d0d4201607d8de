/**
 * The one error path: every error that leaves the server as JSON is { statusCode, error, message }.
 * Routes and hooks throw (or `reply.send`) @fastify/sensible's `httpErrors`; their messages, and
 * those written by Fastify, its schema validation and the rate limiter, describe the request,
 * never its data, and are kept. Anything else is answered with the status text only. Server
 * errors are logged.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { recordSecurityEvent } from './logging';

/** An answer of the API's error shape, for those that say more than a message. */
export const apiError = (statusCode: number, message: string) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
});

interface ServerError extends FastifyError {
  /** Set by http-errors (behind `httpErrors`) on 4xx errors whose message may be shown. */
  expose?: boolean;
}

function clientMessage(error: ServerError, statusCode: number): string {
  const describesRequestOnly =
    error.expose === true ||
    error.code?.startsWith('FST_') ||
    error.validation !== undefined ||
    statusCode === 429;
  return describesRequestOnly ? error.message : (STATUS_CODES[statusCode] ?? 'Error');
}

export function handleError(error: ServerError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  if (statusCode === 413) recordSecurityEvent(request, 'body-too-large');
  const message = statusCode >= 500 ? 'Internal Server Error' : clientMessage(error, statusCode);
  return reply
    .code(statusCode)
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });
}
