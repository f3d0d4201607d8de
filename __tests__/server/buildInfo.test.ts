/** @jest-environment node */
/**
 * What the server says it is, for a rolling upgrade: its release and commit in /healthz's answer
 * (healthy or not) and in the build_info metric.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { repoRoot } from '../../testing/paths';
import { removeTempDirs, stubDatabase } from './support/fixtures';
import { testAppOptions } from './support/testApp';

const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
};
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();

const apps: FastifyInstance[] = [];
async function start(gitCommit?: string) {
  const database = stubDatabase();
  const app = await buildApp(testAppOptions({ database, gitCommit }));
  apps.push(app);
  return { app, database };
}

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  removeTempDirs();
});

describe('the release and commit an instance runs', () => {
  it("are in /healthz's answer, the clone's HEAD when GIT_COMMIT is unset, also when unhealthy", async () => {
    const { app, database } = await start();
    const healthy = await app.inject({ method: 'GET', url: '/healthz' });
    database.failing = true;
    const unhealthy = await app.inject({ method: 'GET', url: '/healthz' });

    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok', version, commit: head });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ status: 'unavailable', version, commit: head });
  });

  it('are the build_info metric, with the commit GIT_COMMIT names', async () => {
    const commit = 'a'.repeat(40);
    const { app } = await start(readConfig({ GIT_COMMIT: ` ${commit.toUpperCase()} ` }).gitCommit);

    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ commit });
    expect(await app.metrics.registry.metrics()).toMatch(
      new RegExp(`^build_info\\{version="${version}",commit="${commit}"\\} 1$`, 'm'),
    );
  });

  it('refuses a GIT_COMMIT that is not a commit name, naming the setting', () => {
    expect(() => readConfig({ GIT_COMMIT: 'main"} 1\nfake_metric' })).toThrow(/^GIT_COMMIT/);
  });
});
