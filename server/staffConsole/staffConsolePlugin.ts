/**
 * The staff console on the server: sign-in (signIn.ts) and the staff API (staffApi.ts), on when
 * STAFF_OIDC_ISSUER is set. Every answer under /staff is no-store; every API request needs a
 * session, and every one that changes something the XSRF header too.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import { createSessionStore } from './sessions';
import type { StaffConsoleSettings } from './settings';
import { requireStaffSession, signInPlugin } from './signIn';
import { staffApiPlugin } from './staffApi';

export interface StaffConsolePluginOptions {
  settings: StaffConsoleSettings;
  database: Database;
  /** The sessions' clock: tests move it to see the timeouts. */
  now?: () => Date;
}

export const staffConsolePlugin: FastifyPluginAsync<StaffConsolePluginOptions> = async (
  app,
  { settings, database, now },
) => {
  const sessions = createSessionStore(database, now);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await app.register(signInPlugin, { settings, sessions, database });
  await app.register(async (api) => {
    api.addHook('onRequest', requireStaffSession(sessions));
    api.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') await app.verifyXsrf(request);
    });
    await api.register(staffApiPlugin, { database });
  });
};
