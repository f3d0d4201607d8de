/**
 * The staff API's webhooks (server/webhooks/webhookRoutes.ts), injected into the console's API
 * slice: the list is read again after each change.
 */
import { consoleApi } from '../console/consoleApi';
// Types only: the schemas' TypeBox stays out of the console's bundle.
import type { CreatedWebhook, Webhook, WebhookBody } from '../../contract/webhookApiSchemas';

const webhooksApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Webhook'] }).injectEndpoints({
  endpoints: (builder) => ({
    webhooks: builder.query<{ items: Webhook[] }, void>({
      query: () => 'webhooks',
      providesTags: ['Webhook'],
    }),
    createWebhook: builder.mutation<CreatedWebhook, WebhookBody>({
      query: (body) => ({ url: 'webhooks', method: 'POST', body }),
      invalidatesTags: ['Webhook'],
    }),
    deleteWebhook: builder.mutation<void, number>({
      query: (id) => ({ url: `webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Webhook'],
    }),
    retryDelivery: builder.mutation<void, { webhookId: number; deliveryId: number }>({
      query: ({ webhookId, deliveryId }) => ({
        url: `webhooks/${webhookId}/deliveries/${deliveryId}/retry`,
        method: 'POST',
      }),
      invalidatesTags: ['Webhook'],
    }),
  }),
});

export const {
  useWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useRetryDeliveryMutation,
} = webhooksApi;
