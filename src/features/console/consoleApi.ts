/**
 * The staff API (/staff/api/, server/console/consoleRoutes.ts) as the console uses it: an RTK
 * Query slice of its own, loaded only under /staff, typed by the API's schemas in the contract.
 * A change shows at once in every view it touches: an erase in the list, the registration and the
 * audit log; a registration's change, note or bulk change also in the overview and the
 * registration itself (from the change's answer, or read again).
 */
import type { InformationRequest, RequestBody } from '../../contract/informationRequests';
import type { BulkRequestBody, BulkRequestResult } from '../../contract/bulkRequestSchemas';
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../../app/store';
import { xsrfHeaderFor } from '../../api/xsrf';
// Types only: the schemas' TypeBox stays out of the console's bundle.
import type {
  AuditLogQuery,
  Assignable,
  BulkChange,
  DuplicateResolutionBody,
  BulkResult,
  EraseBody,
  Note,
  NoteBody,
  Overview,
  PageOfAuditRecords,
  PageOfRegistrations,
  RegistrationChange,
  RegistrationDetails,
  RegistrationSearch,
  StaffMember,
  StaffMembers,
  Withdrawal,
  Withdrawals,
} from '../../contract/consoleApiSchemas';
import { ifMatchOf } from '../../contract/processing';
import { isSignedOut, withdrawalIn } from './apiErrors';
import { consoleApiPath } from '../../contract/consolePaths';

/** The filter as the API's query string, leaving out what is empty. */
export function filterQuery(filter: Record<string, string | number | undefined>) {
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * Without a session (never signed in, idle or signed in too long, signed out in another tab):
 * through the sign-in and back to this page.
 */
function signInAndComeBack() {
  const page = window.location.pathname + window.location.search;
  window.location.assign(`/staff/login?${new URLSearchParams({ return: page })}`);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: consoleApiPath,
  fetchFn: (...request) => fetch(...request),
});

/**
 * A change or note refused because the applicant withdrew the registration meanwhile (410): it is
 * read again, so that its page gives way to what is left of it, and the lists drop it.
 */
const withdrawnMeanwhile = (error: Parameters<typeof withdrawalIn>[0], id: number) =>
  withdrawalIn(error)
    ? [
        { type: 'Registration' as const, id },
        { type: 'Registration' as const, id: 'LIST' },
      ]
    : [];

export const consoleApi = createApi({
  reducerPath: 'consoleApi',
  baseQuery: async (args: string | FetchArgs, api, extraOptions) => {
    const request = typeof args === 'string' ? { url: args } : args;
    const headers = {
      ...request.headers,
      ...xsrfHeaderFor(request.method ?? 'GET', consoleApiPath),
    };
    const result = await rawBaseQuery({ ...request, headers }, api, extraOptions);
    if (isSignedOut(result.error)) signInAndComeBack();
    return result;
  },
  tagTypes: ['Registration', 'AuditLog', 'Overview'],
  endpoints: (builder) => ({
    me: builder.query<StaffMember, void>({ query: () => 'me' }),
    // Posted, so that the search text is in no address (searchTextSlice.ts).
    registrations: builder.query<PageOfRegistrations, RegistrationSearch>({
      query: (search) => ({ url: 'registrations/search', method: 'POST', body: search }),
      providesTags: [{ type: 'Registration', id: 'LIST' }],
    }),
    registration: builder.query<RegistrationDetails, number>({
      query: (id) => `registrations/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Registration', id }],
    }),
    eraseRegistration: builder.mutation<void, { id: number } & EraseBody>({
      query: ({ id, reason }) => ({
        url: `registrations/${id}`,
        method: 'DELETE',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Registration', id: 'LIST' },
        { type: 'Registration', id },
        'AuditLog',
      ],
    }),
    /** Refused (412) when `version` is no longer the registration's: someone changed it meanwhile. */
    changeRegistration: builder.mutation<
      RegistrationDetails,
      { id: number; version: number; change: RegistrationChange }
    >({
      query: ({ id, version, change }) => ({
        url: `registrations/${id}`,
        method: 'PATCH',
        headers: { 'If-Match': ifMatchOf(version) },
        body: change,
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The answer is the registration as changed: shown at once, without reading it again.
        if (data) dispatch(consoleApi.util.updateQueryData('registration', id, () => data));
      },
      invalidatesTags: (result, error, { id }) =>
        result
          ? [{ type: 'Registration', id: 'LIST' }, 'Overview', 'AuditLog']
          : withdrawnMeanwhile(error, id),
    }),
    addNote: builder.mutation<Note, { id: number } & NoteBody>({
      query: ({ id, text }) => ({
        url: `registrations/${id}/notes`,
        method: 'POST',
        body: { text },
      }),
      // The registration again, with the note in its timeline.
      invalidatesTags: (result, error, { id }) =>
        result ? [{ type: 'Registration', id }, 'AuditLog'] : withdrawnMeanwhile(error, id),
    }),
    resolveDuplicate: builder.mutation<
      RegistrationDetails,
      { id: number; otherId: number } & DuplicateResolutionBody
    >({
      query: ({ id, otherId, resolution }) => ({
        url: `registrations/${id}/duplicates/${otherId}`,
        method: 'PUT',
        body: { resolution },
      }),
      // The answer is the registration with its word on the pair; the other half and the list's
      // marks change with it.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(consoleApi.util.updateQueryData('registration', id, () => data));
      },
      invalidatesTags: (result, _error, { otherId }) =>
        result
          ? [
              { type: 'Registration', id: 'LIST' },
              { type: 'Registration', id: otherId },
              'AuditLog',
            ]
          : [],
    }),
    /** 422: the deadline has passed, or the message holds a link. */
    makeRequest: builder.mutation<InformationRequest, { id: number } & RequestBody>({
      query: ({ id, ...body }) => ({ url: `registrations/${id}/request`, method: 'POST', body }),
      invalidatesTags: (result, _error, { id }) =>
        result ? [{ type: 'Registration', id }, 'Overview', 'AuditLog'] : [],
    }),
    /** 409: none open, the applicant answered it meanwhile. */
    withdrawRequest: builder.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `registrations/${id}/request`, method: 'DELETE' }),
      // Read again either way: answered meanwhile, the page shows the answer.
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Registration', id },
        'Overview',
        'AuditLog',
      ],
    }),
    bulkChange: builder.mutation<BulkResult, BulkChange>({
      query: (change) => ({ url: 'registrations/bulk', method: 'POST', body: change }),
      invalidatesTags: (result) => (result ? ['Registration', 'Overview', 'AuditLog'] : []),
    }),
    bulkRequest: builder.mutation<BulkRequestResult, BulkRequestBody>({
      query: (body) => ({ url: 'registrations/bulk-request', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Registration', 'Overview', 'AuditLog'] : []),
    }),
    /** The person's registrations their applicants withdrew lately. */
    withdrawals: builder.query<Withdrawal[], void>({
      query: () => 'withdrawals',
      transformResponse: (list: Withdrawals) => list.items,
      providesTags: [{ type: 'Registration', id: 'LIST' }],
    }),
    staffMembers: builder.query<Assignable[], void>({
      query: () => 'staff-members',
      transformResponse: (list: StaffMembers) => list.items,
    }),
    overview: builder.query<Overview, void>({
      query: () => 'overview',
      providesTags: ['Overview'],
    }),
    auditLog: builder.query<PageOfAuditRecords, Omit<AuditLogQuery, 'page'> & { page: number }>({
      query: (query) => `audit-log?${filterQuery(query)}`,
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useMeQuery,
  useRegistrationsQuery,
  useRegistrationQuery,
  useEraseRegistrationMutation,
  useChangeRegistrationMutation,
  useAddNoteMutation,
  useResolveDuplicateMutation,
  useMakeRequestMutation,
  useWithdrawRequestMutation,
  useBulkChangeMutation,
  useBulkRequestMutation,
  useStaffMembersQuery,
  useWithdrawalsQuery,
  useOverviewQuery,
  useAuditLogQuery,
} = consoleApi;

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof consoleApi> {}
}

// Loaded with the console: the staff API joins the store only under /staff.
rootReducer.inject(consoleApi);
dynamicMiddleware.addMiddleware(consoleApi.middleware);
