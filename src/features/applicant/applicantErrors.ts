/** What the applicant API's refusals mean to the page. */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { WrongBirthday } from '../../contract/applicantApiSchemas';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

export const statusOf = (error: QueryError) =>
  error !== undefined && 'status' in error ? error.status : undefined;

/** A wrong birthday (403): how many more tries the link takes. */
export function triesLeftIn(error: QueryError): number | undefined {
  return statusOf(error) === 403
    ? (error as { data?: Partial<WrongBirthday> }).data?.triesLeft
    : undefined;
}

/** A refused answer (409): the office withdrew or replaced its request meanwhile. */
export const requestClosedIn = (error: QueryError) =>
  statusOf(error) === 409 && (error as { data?: { requestClosed?: boolean } }).data?.requestClosed;
