/**
 * Pairs the possible duplicates of what was stored (server/db/duplicatePairing.ts): when
 * app.startWork() starts it, then a batch a second until the app closes. A burst of submissions
 * is paired at that pace after it, not within it; the console pairs the rest before it reads.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { pairDueBatch } from '../db/duplicatePairing';

declare module 'fastify' {
  interface FastifyInstance {
    duplicatePairing: { start(): void };
  }
}

const intervalMs = 1_000;

const duplicatePairing: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  /** The batch under way: a tick while it runs starts none (a clock moved far ahead ticks often). */
  let running: Promise<void> | undefined;
  const pairBatch = async () => {
    try {
      await pairDueBatch(app.database);
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      app.log.error({ errorName: name, errorCode: code }, 'pairing possible duplicates failed');
    }
  };
  app.decorate('duplicatePairing', {
    start() {
      timer = setInterval(() => {
        running ??= pairBatch().finally(() => {
          running = undefined;
        });
      }, intervalMs).unref();
    },
  });
  // Before the database closes (its plugin's onClose runs after this one's).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

export const duplicatePairingPlugin = fp(duplicatePairing, {
  name: 'duplicate-pairing',
  dependencies: ['database'],
});
