/**
 * GET /healthz: 200 only when the database answers, for load balancers and orchestrators; either
 * way with the release and commit this instance runs, so that a rolling upgrade can be followed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BuildInfo } from '../buildInfo';
import type { Queryable } from '../db/database';

export interface HealthPluginOptions {
  database: Queryable;
  build: BuildInfo;
}

/** A database that has not answered by then counts as down. */
export const healthTimeoutMs = 2000;

export const healthPlugin: FastifyPluginAsync<HealthPluginOptions> = async (
  app,
  { database, build },
) => {
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
      return { status: 'ok', ...build };
    } catch {
      return reply.code(503).send({ status: 'unavailable', ...build });
    } finally {
      // Not left to run out: at thousands of requests a second, thousands would be pending.
      clearTimeout(timer);
    }
  });
};
