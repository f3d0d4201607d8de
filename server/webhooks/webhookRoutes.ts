/**
 * The staff API's webhooks, for admins: register an endpoint (its secret answered once), list
 * them with their latest deliveries, delete one, send a delivery again. Each is in the audit log.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { webhookApiSchemas as schemas } from '../../src/contract/webhookApiSchemas';
import type { Queryable } from '../db/database';
import { auditOf, requireAdmin, sessionOf } from '../console/routeSupport';
import { auditActor } from '../console/signIn';
import { newWebhookSecret } from './webhookSignature';
import { createWebhook, deleteWebhook, listWebhooks, retryDelivery } from './webhookStore';
import { refusalOfWebhookUrl, type HostResolver } from './webhookUrls';

export interface WebhookRoutesOptions {
  database: Queryable;
  /** WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts: readonly string[];
  /** Tests: how host names resolve (the system's resolver by default). */
  resolve?: HostResolver;
  /** Wakes the sender: a delivery sent again goes now. */
  wake: () => void;
}

export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookRoutesOptions> = async (
  app,
  { database, allowedHosts, resolve, wake },
) => {
  const audit = auditOf(database);
  app.addHook('onRequest', async (request) => requireAdmin(request));

  app.post('/webhooks', { schema: schemas.createWebhook }, async (request, reply) => {
    const refusal = await refusalOfWebhookUrl(request.body.url, allowedHosts, resolve);
    if (refusal) throw app.httpErrors.unprocessableEntity(`The URL is refused: ${refusal}`);
    const secret = newWebhookSecret();
    const id = await createWebhook(database, request.body, secret, auditActor(sessionOf(request)));
    const { events, programmes } = request.body;
    const scope = programmes === 'all' ? 'all' : programmes.join(' ');
    await audit(
      request,
      'webhook create',
      1,
      `id=${id} events=${events.join(' ')} programmes=${scope}`,
    );
    return reply.code(201).send({ id, secret });
  });

  app.get('/webhooks', { schema: schemas.webhooks }, async (request) => {
    const items = await listWebhooks(database);
    await audit(request, 'webhook list', items.length, '');
    return { items };
  });

  app.delete('/webhooks/:id', { schema: schemas.deleteWebhook }, async (request, reply) => {
    const { id } = request.params;
    if (!(await deleteWebhook(database, Number(id))))
      throw app.httpErrors.notFound('No such webhook');
    await audit(request, 'webhook delete', 1, `id=${id}`);
    return reply.code(204).send(null);
  });

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    { schema: schemas.retryDelivery },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      if (!(await retryDelivery(database, Number(id), deliveryId))) {
        throw app.httpErrors.notFound('No such delivery of this webhook');
      }
      await audit(request, 'webhook retry', 1, `id=${id} delivery=${deliveryId}`);
      wake();
      // No body at all, as the document says (null would be serialised as the text "null").
      return reply.code(202).send(undefined as never);
    },
  );
};
