/** GET /healthz: 200 only when the database answers, for load balancers and orchestrators. */
import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/database';

export interface HealthPluginOptions {
  database: Queryable;
}

const timeoutMs = 2000;

export const healthPlugin: FastifyPluginAsync<HealthPluginOptions> = async (app, { database }) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await Promise.race([
        database.query('SELECT 1'),
        new Promise((_resolve, reject) =>
          setTimeout(() => reject(new Error('timeout')), timeoutMs).unref(),
        ),
      ]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
