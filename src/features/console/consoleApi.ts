/**
 * The staff API (/staff/api/, server/staffConsole/consoleApi.ts) as the console uses it: an RTK
 * Query slice of its own, loaded only under /staff. An erase invalidates the list, the
 * registration and the audit log, so that every view shows it at once.
 */
import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../../app/store';
import { xsrfHeaderName } from '../../contract/protocol';
import { xsrfTokenFor } from '../../api/xsrf';
import type { RegistrationValues } from '../../contract/fields';
import type { Language } from '../../contract/languages';
import { isSignedOut } from './apiErrors';
import { consoleApiPath } from '../../contract/consolePaths';

export interface StaffMember {
  name: string;
  email: string;
  admin: boolean;
  programmes: string[];
}

export interface RegistrationSummary extends RegistrationValues {
  id: number;
  reference: string;
  createdAt: string;
  language: Language;
}

export interface RegistrationDetails extends RegistrationSummary {
  confirmation: { state: 'queued' | 'sent' } | { state: 'failing'; attempts: number };
}

export interface RegistrationFilter {
  programme?: string;
  from?: string;
  to?: string;
  q?: string;
}

export interface AuditRecord {
  at: string;
  command: string;
  rowCount: number;
  actor: string;
  details: string;
}

/** A list's page as the API answers it: its items, and how many there are in all. */
export interface ListPage<Item> {
  total: number;
  items: Item[];
}

/** The filter as the API's query string, leaving out what is empty. */
export function filterQuery(
  filter: RegistrationFilter & { page?: number; format?: string; language?: string },
) {
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * Without a session (never signed in, 30 minutes idle, 8 hours on, signed out in another tab):
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
    const token = xsrfTokenFor(request.method ?? 'GET', consoleApiPath, document.cookie);
    const headers = { ...request.headers, ...(token && { [xsrfHeaderName]: token }) };
    const result = await rawBaseQuery({ ...request, headers }, api, extraOptions);
    if (isSignedOut(result.error)) signInAndComeBack();
    return result;
  },
  tagTypes: ['Registration', 'AuditLog'],
  endpoints: (builder) => ({
    me: builder.query<StaffMember, void>({ query: () => 'me' }),
    registrations: builder.query<
      ListPage<RegistrationSummary>,
      RegistrationFilter & { page: number }
    >({
      query: (filter) => `registrations?${filterQuery(filter)}`,
      providesTags: [{ type: 'Registration', id: 'LIST' }],
    }),
    registration: builder.query<RegistrationDetails, number>({
      query: (id) => `registrations/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Registration', id }],
    }),
    eraseRegistration: builder.mutation<void, { id: number; reason: string }>({
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
    auditLog: builder.query<ListPage<AuditRecord>, number>({
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
