/**
 * The integration API's tokens in the staff API (/staff/api/tokens, server/console/tokenRoutes.ts),
 * injected into the console's API slice: making or revoking one lists them again, and the audit
 * log records both.
 */
import { consoleApi } from '../console/consoleApi';
// Types only: the schemas' TypeBox stays out of the console's bundle.
import type {
  ApiToken,
  ApiTokenBody,
  ApiTokens,
  CreatedApiToken,
} from '../../contract/apiTokenSchemas';

const tokensApi = consoleApi.enhanceEndpoints({ addTagTypes: ['ApiToken'] }).injectEndpoints({
  endpoints: (builder) => ({
    apiTokens: builder.query<ApiToken[], void>({
      query: () => 'tokens',
      transformResponse: (list: ApiTokens) => list.items,
      providesTags: ['ApiToken'],
    }),
    createApiToken: builder.mutation<CreatedApiToken, ApiTokenBody>({
      query: (body) => ({ url: 'tokens', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['ApiToken', 'AuditLog'] : []),
    }),
    revokeApiToken: builder.mutation<void, number>({
      query: (id) => ({ url: `tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiToken', 'AuditLog'],
    }),
  }),
});

export const { useApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } =
  tokensApi;
