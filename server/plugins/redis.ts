/**
 * The Redis connection (REDIS_URL) as `app.redis`, which the instances share their rate limit
 * counters through; closed with the app. Without REDIS_URL each instance counts on its own.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Unset without REDIS_URL. */
    redis?: Redis;
  }
}

const redis: FastifyPluginAsync<{ url?: string }> = async (app, { url }) => {
  if (!url) return;
  // Fail fast rather than queue: a request must not wait on an unreachable Redis.
  const connection = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  await connection.connect();
  app.decorate('redis', connection);
  app.addHook('onClose', async () => void (await connection.quit()));
};

export const redisPlugin = fp(redis, { name: 'redis' });
