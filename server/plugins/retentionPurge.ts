/**
 * RETENTION_DAYS applied by the server itself, as `app.retentionPurge`: the registrations past it
 * are deleted when app.startWork() starts it, then daily until the app closes; so are the
 * confirmation files left of registrations gone, and the hourly confirmation counts of past days.
 */
import os from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { forgetPastConfirmationCounts } from '../db/registrations';
import { purgeExpired } from '../operations/operations';

declare module 'fastify' {
  interface FastifyInstance {
    retentionPurge: { start(): Promise<void> };
  }
}

const purgeIntervalMs = 24 * 60 * 60 * 1000;

const retentionPurge: FastifyPluginAsync = async (app) => {
  // The audit log names the server's operating-system user as the purge's actor.
  const actor = os.userInfo().username;
  const purge = async () => {
    try {
      const purged = await purgeExpired(app.operations, 'scheduled purge', actor);
      await forgetPastConfirmationCounts(app.operations.database);
      app.log.info({ purged, retentionDays: app.operations.retentionDays }, 'retention purge');
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      app.log.error({ errorName: name, errorCode: code }, 'retention purge failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.decorate('retentionPurge', {
    async start() {
      await purge();
      timer = setInterval(() => void purge(), purgeIntervalMs).unref();
    },
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export const retentionPurgePlugin = fp(retentionPurge, {
  name: 'retention-purge',
  decorators: { fastify: ['operations'] },
});
