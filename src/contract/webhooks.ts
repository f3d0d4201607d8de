/** Webhooks, for the SIS team's receiving systems: the events, and the console's limits. */
export const webhookEvents = [
  'registration.created',
  'registration.updated',
  'registration.erased',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Where the console's page for webhooks is. */
export const webhooksPagePath = '/staff/webhooks';

/** How many of an endpoint's latest deliveries the list shows. */
export const recentDeliveriesShown = 20;

export const webhookUrlMaxLength = 2000;
