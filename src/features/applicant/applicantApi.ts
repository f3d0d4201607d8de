/**
 * The applicant's API (/my/api/, issue 34) as their page uses it: an RTK Query slice of its own,
 * loaded only on /my, typed by the API's schemas in the contract. Every non-GET carries the XSRF
 * header; the session is an HttpOnly cookie the browser sends by itself. The link's token is
 * exchanged for it before this slice has come (linkOpening.ts).
 */
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../../app/store';
import { xsrfHeaderFor } from '../../api/xsrf';
// Types only: the schemas' TypeBox stays out of the page's bundle.
import type {
  AnswerBody,
  ApplicantRegistration,
  BirthdayBody,
  CorrectionBody,
  LinkRequestBody,
  VerifiedRegistration,
} from '../../contract/applicantApiSchemas';
import { applicantApiPath } from '../../contract/applicantPaths';
import { ifMatchOf } from '../../contract/processing';
import { takeEarlyAnswer } from './linkOpening';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: applicantApiPath,
  // The first read of the registration went out before this script came (linkOpening.ts).
  fetchFn: (request) => takeEarlyAnswer(request) ?? fetch(request),
});

export const applicantApi = createApi({
  reducerPath: 'applicantApi',
  baseQuery: async (args: string | FetchArgs, api, extraOptions) => {
    const request = typeof args === 'string' ? { url: args } : args;
    const headers = {
      ...request.headers,
      ...xsrfHeaderFor(request.method ?? 'GET', applicantApiPath),
    };
    const result = await rawBaseQuery({ ...request, headers }, api, extraOptions);
    // The session ended (30 minutes idle): the registration, read again, says so (401).
    if (result.error?.status === 401 && request.method) {
      api.dispatch(applicantApi.util.invalidateTags(['Registration']));
    }
    return result;
  },
  tagTypes: ['Registration'],
  endpoints: (builder) => ({
    /** 403 with the tries left for a wrong birthday; 423 once the link is locked. */
    verify: builder.mutation<void, BirthdayBody>({
      query: (body) => ({ url: 'verify', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Registration']),
    }),
    /**
     * null without a session (401): an answer to keep, not an error, which a view mounting
     * later would ask again (the page reads it before its first render, awaitLinkOpening).
     */
    registration: builder.query<ApplicantRegistration | null, void>({
      query: () => ({
        url: 'registration',
        validateStatus: (response) => response.ok || response.status === 401,
      }),
      transformResponse: (registration: ApplicantRegistration, meta) =>
        meta?.response?.status === 401 ? null : registration,
      providesTags: ['Registration'],
    }),
    /** 412 when the staff changed it meanwhile, 409 when it can no longer be corrected. */
    correct: builder.mutation<VerifiedRegistration, CorrectionBody & { version: number }>({
      query: ({ version, fields }) => ({
        url: 'registration',
        method: 'PATCH',
        headers: { 'If-Match': ifMatchOf(version) },
        body: { fields },
      }),
      async onQueryStarted(_argument, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The answer is the registration as corrected: shown at once, without reading it again.
        if (data) dispatch(applicantApi.util.upsertQueryData('registration', undefined, data));
      },
    }),
    /**
     * The answer to the office's request: fields corrected, or none (nothing to change). 409 with
     * requestClosed when the office withdrew or replaced it meanwhile.
     */
    answer: builder.mutation<VerifiedRegistration, AnswerBody & { version: number }>({
      query: ({ version, ...body }) => ({
        url: 'registration/answer',
        method: 'POST',
        headers: { 'If-Match': ifMatchOf(version) },
        body,
      }),
      async onQueryStarted(_argument, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(applicantApi.util.upsertQueryData('registration', undefined, data));
      },
    }),
    /** Ends the session on the server and clears its cookie (204 also without one). */
    signOut: builder.mutation<void, void>({
      query: () => ({ url: 'session', method: 'DELETE' }),
    }),
    withdraw: builder.mutation<void, void>({
      query: () => ({ url: 'registration', method: 'DELETE' }),
    }),
    /** 202 always, whether or not anything is registered for the address. */
    requestLinks: builder.mutation<void, LinkRequestBody>({
      query: (body) => ({ url: 'links', method: 'POST', body }),
    }),
  }),
});

/** The JSON download's address (the browser sends the session cookie with it). */
export const registrationDataUrl = `${applicantApiPath}/registration/data`;

export const {
  useVerifyMutation,
  useRegistrationQuery,
  useCorrectMutation,
  useAnswerMutation,
  useWithdrawMutation,
  useSignOutMutation,
  useRequestLinksMutation,
} = applicantApi;

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof applicantApi> {}
}

rootReducer.inject(applicantApi);
dynamicMiddleware.addMiddleware(applicantApi.middleware);
