/** @jest-environment node */
/**
 * Behind a balancer, instances that share REDIS_URL share their rate limit: before, N instances
 * allowed N times the limit. .ci/run starts a throwaway Redis and sets REDIS_URL_TEST.
 */
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../server/app';
import { removeTempDirs, stubDatabase } from './support/fixtures';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { describeWith, testServiceUrl } from '../../testing/testService';

const redisUrl = testServiceUrl('REDIS_URL_TEST', 'Redis');

describeWith(redisUrl)('the rate limit on Redis (REDIS_URL)', () => {
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    await redis.flushdb();
    await redis.quit();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    removeTempDirs();
  });

  async function instance() {
    const app = await buildApp(
      testAppOptions({ database: stubDatabase(), rateLimitPerMinute: 2, redisUrl }),
    );
    apps.push(app);
    return { app, token: await getXsrfToken(app) };
  }

  it('is counted once across the instances that share it', async () => {
    const first = await instance();
    const second = await instance();
    const body = { query: '{ apiVersion }' };
    const client = { remoteAddress: '198.51.100.23' };

    const statuses = [
      (await postGraphql(first.app, first.token, body, client)).statusCode,
      (await postGraphql(second.app, second.token, body, client)).statusCode,
      (await postGraphql(first.app, first.token, body, client)).statusCode,
      (await postGraphql(second.app, second.token, body, client)).statusCode,
    ];

    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
