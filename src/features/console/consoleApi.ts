/**
 * The staff API (/staff/api/, server/console/consoleRoutes.ts) as the console uses it: an RTK
 * Query slice of its own, loaded only under /staff, typed by the API's schemas in the contract.
 * An erase invalidates the list, the registration and the audit log, so that every view shows it
 * at once.
 */
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../../app/store';
import { xsrfHeaderFor } from '../../api/xsrf';
// Types only: the schemas' TypeBox stays out of the console's bundle.
import type {
  EraseBody,
  ExportQuery,
  PageOfAuditRecords,
  PageOfRegistrations,
  RegistrationDetails,
  RegistrationFilter,
  StaffMember,
} from '../../contract/consoleApiSchemas';
import { isSignedOut } from './apiErrors';
import { consoleApiPath } from '../../contract/consolePaths';

/** The filter as the API's query string, leaving out what is empty. */
export function filterQuery(
  filter: RegistrationFilter & { page?: number; format?: ExportQuery['format']; language?: string },
) {
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
  tagTypes: ['Registration', 'AuditLog'],
  endpoints: (builder) => ({
    me: builder.query<StaffMember, void>({ query: () => 'me' }),
    registrations: builder.query<PageOfRegistrations, RegistrationFilter & { page: number }>({
      query: (filter) => `registrations?${filterQuery(filter)}`,
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
    auditLog: builder.query<PageOfAuditRecords, number>({
      query: (page) => `audit-log?page=${page}`,
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useMeQuery,
  useRegistrationsQuery,
  useRegistrationQuery,
  useEraseRegistrationMutation,
  useAuditLogQuery,
} = consoleApi;

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof consoleApi> {}
}

// Loaded with the console: the staff API joins the store only under /staff.
rootReducer.inject(consoleApi);
dynamicMiddleware.addMiddleware(consoleApi.middleware);
