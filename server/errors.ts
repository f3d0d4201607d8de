/**
 * Every error that leaves the server as JSON: { statusCode, error, message }. Messages written by
 * Fastify, its schema validation and the rate limiter describe the request, never its data, and
 * are kept; anything else is answered with the status text only. Server errors are logged.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

function clientMessage(error: FastifyError, statusCode: number): string {
  const describesRequestOnly =
    error.code?.startsWith('FST_') || error.validation !== undefined || statusCode === 429;
  return describesRequestOnly ? error.message : (STATUS_CODES[statusCode] ?? 'Error');
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  const message = statusCode >= 500 ? 'Internal Server Error' : clientMessage(error, statusCode);
  return reply
    .code(statusCode)
    .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });
}
