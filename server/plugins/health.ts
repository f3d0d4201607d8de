/** GET /healthz: 200 only when the database answers, for load balancers and orchestrators. */
import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/database';

export interface HealthPluginOptions {
  database: Queryable;
}

/** A database that has not answered by then counts as down. */
export const healthTimeoutMs = 2000;

export const healthPlugin: FastifyPluginAsync<HealthPluginOptions> = async (app, { database }) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), healthTimeoutMs);
        }),
      ]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    } finally {
      // Not left to run out: at thousands of requests a second, thousands would be pending.
      clearTimeout(timer);
    }
  });
};
