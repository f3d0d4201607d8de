/** The Redis connection that the instances share their rate limit counters through. */
import { Redis } from 'ioredis';

export async function connectRedis(url: string): Promise<Redis> {
  // Fail fast rather than queue: a request must not wait on an unreachable Redis.
  const redis = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  await redis.connect();
  return redis;
}
