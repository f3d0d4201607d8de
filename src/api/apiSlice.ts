import type { WithSlice } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { dynamicMiddleware, rootReducer, type RootState } from '../app/store';
import { selectLanguage } from '../features/language/languageSlice';
import { config } from '../config';
import type { RegistrationValues } from '../contract/fields';
import { buildCreateOnboardingFormBody } from '../contract/onboardingQuery';
import { graphqlAccept } from '../contract/protocol';
import { xsrfHeaderFor } from './xsrf';

// Reads fetch at call time so that tests (and polyfills) can replace it.
const rawBaseQuery = fetchBaseQuery({ fetchFn: (...request) => fetch(...request) });

const fetchWithXsrf: BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError> = (
  args,
  api,
  extraOptions,
) => {
  const headers = {
    accept: graphqlAccept,
    ...args.headers,
    ...xsrfHeaderFor(args.method ?? 'GET', args.url),
  };
  return rawBaseQuery({ ...args, headers }, api, extraOptions);
};

interface GraphQLResponse {
  data?: { createOnboardingForm?: RegistrationValues | null } | null;
  errors?: unknown[];
}

export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: fetchWithXsrf,
  endpoints: (builder) => ({
    createOnboardingForm: builder.mutation<RegistrationValues, RegistrationValues>({
      async queryFn(values, api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: config.graphqlUrl,
          method: 'POST',
          // The confirmation email is written in the page's language.
          headers: { 'accept-language': selectLanguage(api.getState() as RootState) },
          body: buildCreateOnboardingFormBody(values),
        });
        if (result.error) return { error: result.error };
        const response = result.data as GraphQLResponse | null;
        const record = response?.data?.createOnboardingForm;
        if (response?.errors?.length || !record) {
          return { error: { status: 'CUSTOM_ERROR', error: 'GraphQL request failed' } };
        }
        return { data: record };
      },
    }),
  }),
});

export const { createOnboardingForm } = apiSlice.endpoints;

declare module '../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof apiSlice> {}
}

// Loaded with the send step: the API joins the store when first needed.
rootReducer.inject(apiSlice);
dynamicMiddleware.addMiddleware(apiSlice.middleware);
