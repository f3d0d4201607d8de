/** What the staff API's refusals mean to the console. */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type {
  UnprocessableChange,
  VersionConflict,
  Withdrawal,
  Withdrawn,
} from '../../contract/consoleApiSchemas';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** The session has ended (or never began): sign in again. */
export const isSignedOut = (error: QueryError) =>
  error !== undefined && 'status' in error && error.status === 401;

/** Refused by the API's schema: for a note, a character its pattern refuses. */
export const isBadRequest = (error: QueryError) =>
  error !== undefined && 'status' in error && error.status === 400;

/** Not among what the person may see, or no longer there. */
export const isNotFound = (error: QueryError) =>
  error !== undefined && 'status' in error && error.status === 404;

/** In conflict with what happened meanwhile, such as a request the applicant has just answered. */
export const isConflict = (error: QueryError) =>
  error !== undefined && 'status' in error && error.status === 409;

/** Understood but refused, such as an erase's reason that names the applicant. */
export const isUnprocessable = (error: QueryError) =>
  error !== undefined && 'status' in error && error.status === 422;

/** Someone changed the registration since it was read (412): who, and when. */
export function versionConflictIn(error: QueryError): VersionConflict | undefined {
  return error !== undefined && 'status' in error && error.status === 412
    ? (error.data as VersionConflict)
    : undefined;
}

/** Each field a correction was refused for (422), with its rule's message key. */
export function refusedFieldsIn(error: QueryError): UnprocessableChange['fields'] {
  return isUnprocessable(error)
    ? (error as { data?: UnprocessableChange }).data?.fields
    : undefined;
}

/** The applicant withdrew the registration asked for (410): when, and whose it was. */
export function withdrawalIn(error: QueryError): Withdrawal | undefined {
  return error !== undefined && 'status' in error && error.status === 410
    ? (error.data as Withdrawn).withdrawal
    : undefined;
}

/** Refused (422) because the assignee may not have them: whom, and which programmes. */
export const notAssignableIn = (error: QueryError) =>
  isUnprocessable(error)
    ? (error as { data?: UnprocessableChange }).data?.notAssignable
    : undefined;

/**
 * Whether the same request may succeed later: no answer (the network), too many requests, or the
 * server failing. Any other refusal would be given again, so the console says why, never "try again".
 */
export const mayTryAgain = (error: QueryError) =>
  error !== undefined &&
  (!('status' in error) ||
    typeof error.status !== 'number' ||
    error.status === 429 ||
    error.status >= 500);
