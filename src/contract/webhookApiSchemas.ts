/**
 * The staff API's routes that register webhook endpoints (admins), as JSON Schema built with
 * TypeBox, as consoleApiSchemas.ts (whose shared answers it uses: both are the server's alone).
 */
import { Type, type Static } from 'typebox';
import {
  apiErrorSchema,
  badRequest,
  DegreeProgramSchema,
  everyRouteAnswers,
  notJson,
  tooLarge,
} from './consoleApiSchemas';
import { recentDeliveriesShown, webhookEvents, webhookUrlMaxLength } from './webhooks';
import { idParamSchema, idSchema, referenceSchema, timeSchema } from './apiFormats';

const notAdmin = apiErrorSchema('Not an admin, or no XSRF header');
const noSuchWebhook = apiErrorSchema('No such webhook, or no such delivery of it');

const WebhookIdParamsSchema = Type.Object({ id: idParamSchema });

const WebhookBodySchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: webhookUrlMaxLength,
      description: 'https://…, or http:// to a host in WEBHOOK_ALLOWED_HOSTS',
    }),
    events: Type.Array(Type.Enum(webhookEvents), { minItems: 1, uniqueItems: true }),
    programmes: Type.Union([
      Type.Literal('all'),
      Type.Array(DegreeProgramSchema, { minItems: 1, uniqueItems: true }),
    ]),
  },
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://sis.example.edu/hooks/registrations',
        events: ['registration.created', 'registration.erased'],
        programmes: 'all',
      },
    ],
  },
);
export type WebhookBody = Static<typeof WebhookBodySchema>;

const DeliverySchema = Type.Object({
  id: idSchema('The delivery (one event to this endpoint)'),
  messageId: Type.String({
    pattern: '^msg_',
    description: 'The webhook-id header, the same on every retry',
  }),
  event: Type.Enum(webhookEvents),
  reference: referenceSchema(),
  queuedAt: timeSchema('When the event was queued'),
  state: Type.Enum(['pending', 'delivered', 'failed'] as const),
  attempts: Type.Integer({ minimum: 0 }),
  lastAttemptAt: Type.Union([timeSchema('Its last attempt'), Type.Null()]),
  lastStatus: Type.Union([
    Type.Integer({ description: "The endpoint's last answer" }),
    Type.Null(),
  ]),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof DeliverySchema>;

const WebhookSchema = Type.Object({
  id: idSchema(),
  url: Type.String(),
  events: Type.Array(Type.Enum(webhookEvents)),
  programmes: Type.Union([Type.Literal('all'), Type.Array(DegreeProgramSchema)]),
  createdBy: Type.String(),
  createdAt: timeSchema('When it was registered'),
  recentDeliveries: Type.Array(DeliverySchema, {
    description: `The latest ${recentDeliveriesShown}, newest first`,
  }),
});
export type Webhook = Static<typeof WebhookSchema>;

const CreatedWebhookSchema = Type.Object(
  {
    id: idSchema(),
    secret: Type.String({
      pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
      description: 'whsec_ and base64: verifies the signatures',
    }),
  },
  { description: 'Registered: the secret is shown this once' },
);
export type CreatedWebhook = Static<typeof CreatedWebhookSchema>;

export const webhookApiSchemas = {
  createWebhook: {
    summary: 'Registers an endpoint; its signing secret is answered this once (admins)',
    body: WebhookBodySchema,
    response: {
      201: CreatedWebhookSchema,
      400: badRequest,
      403: notAdmin,
      413: tooLarge,
      415: notJson,
      422: apiErrorSchema('The URL is not one deliveries may go to'),
      ...everyRouteAnswers,
    },
  },
  webhooks: {
    summary: 'The endpoints, each with its latest deliveries (admins)',
    response: {
      200: Type.Object(
        { items: Type.Array(WebhookSchema, { description: 'Oldest first' }) },
        { description: 'The endpoints not deleted' },
      ),
      403: notAdmin,
      ...everyRouteAnswers,
    },
  },
  deleteWebhook: {
    summary: 'Deletes an endpoint: nothing more is queued for it or sent to it (admins)',
    params: WebhookIdParamsSchema,
    response: {
      204: Type.Null({ description: 'Deleted' }),
      400: badRequest,
      403: notAdmin,
      404: noSuchWebhook,
      ...everyRouteAnswers,
    },
  },
  retryDelivery: {
    summary: 'Sends one delivery again now, whatever its state (admins)',
    params: Type.Object({
      id: WebhookIdParamsSchema.properties.id,
      deliveryId: Type.String({ pattern: '^[1-9][0-9]{0,14}$', examples: ['1'] }),
    }),
    response: {
      202: Type.Null({ description: 'Queued to be sent now (no body)' }),
      400: badRequest,
      403: notAdmin,
      404: noSuchWebhook,
      ...everyRouteAnswers,
    },
  },
};
