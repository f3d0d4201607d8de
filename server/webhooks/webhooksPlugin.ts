/**
 * The webhooks' sender as `app.webhooks`: the events queued with the changes go to the endpoints
 * the admins registered. It starts with app.startWork() and stops with the app, giving back the
 * deliveries under way.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createWebhookMetrics } from './webhookMetrics';
import { createWebhookSender, type WebhookSender } from './webhookSender';
import type { HostResolver } from './webhookUrls';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookSender;
  }
}

export interface WebhooksPluginOptions {
  /** WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  /** Tests: how often to look for due deliveries, and the retry schedule made shorter. */
  timing?: { pollMs: number; retryScale: number };
  /** Tests: how host names resolve (the system's resolver by default). */
  resolve?: HostResolver;
}

const webhooks: FastifyPluginAsync<WebhooksPluginOptions> = async (app, options) => {
  const sender = createWebhookSender({
    database: app.database,
    allowedHosts: options.allowedHosts,
    counters: createWebhookMetrics(app.metrics.registry, app.database),
    log: app.log,
    resolve: options.resolve,
    ...options.timing,
  });
  app.decorate('webhooks', sender);
  app.addHook('onClose', () => sender.stop());
};

export const webhooksPlugin = fp(webhooks, {
  name: 'webhooks',
  dependencies: ['database', 'metrics'],
});
