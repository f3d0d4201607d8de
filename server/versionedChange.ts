/**
 * Optimistic locking over HTTP: a change names the version it was made on in If-Match, as the
 * ETag of the read gave it; one answered 412 by the caller when the stored version moved on.
 */
import type { FastifyRequest } from 'fastify';
import { versionOfIfMatch } from '../src/contract/processing';
import { apiError } from './errors';
import type { ChangeOutcome } from './console/registrationChanges';

/** The version the change was made on: 428 without If-Match, 400 when it names none. */
export function versionOfRequest(request: FastifyRequest): number {
  const ifMatch = request.headers['if-match'];
  const { httpErrors } = request.server;
  if (ifMatch === undefined) {
    throw httpErrors.preconditionRequired('Send If-Match: "<version>", the version you read');
  }
  const version = versionOfIfMatch(ifMatch);
  if (version === undefined) {
    throw httpErrors.badRequest('If-Match holds the version you read: "<version>"');
  }
  return version;
}

/** The 422 of a change that breaks the form's rules, naming the fields. */
export const rulesBrokenAnswer = ({ fields }: Extract<ChangeOutcome, { outcome: 'invalid' }>) => ({
  ...apiError(422, `These corrections break the form's rules: ${Object.keys(fields).join(', ')}`),
  fields,
});
