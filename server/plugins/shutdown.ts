/**
 * A keep-alive connection answered during a shutdown is closed with its answer, so that it cannot
 * hold the server open after the requests in flight have finished.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const shutdown: FastifyPluginAsync = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
};

export const shutdownPlugin = fp(shutdown, { name: 'shutdown' });
