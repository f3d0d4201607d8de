/**
 * The integration API's tokens in the staff API (/staff/api/tokens): admins make, list and revoke
 * them; each is recorded in the audit log by the token's name, never the token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { apiTokenSchemas as schemas } from '../../src/contract/apiTokenSchemas';
import { apiTokenMaxDays } from '../../src/contract/apiTokenLimits';
import { createApiToken, listApiTokens, revokeApiToken } from '../integration/apiTokens';
import { dayAfter, dayIn, startOfDay } from '../timeZone';
import { auditOf, requireAdmin, sessionOf } from './routeSupport';
import { auditActor } from './signIn';

export interface TokenRoutesOptions {
  database: Database;
  now: () => Date;
  /** TIME_ZONE: a token's last day is the institution's. */
  timeZone: string;
}

const dayMs = 24 * 60 * 60 * 1000;

export const tokenRoutes: FastifyPluginAsyncTypebox<TokenRoutesOptions> = async (
  app,
  { database, now, timeZone },
) => {
  app.addHook('onRequest', async (request) => requireAdmin(request));

  app.post('/tokens', { schema: schemas.createToken }, async (request, reply) => {
    // It works to the end of its last day, in TIME_ZONE: until the next day begins there.
    const expiresAt = startOfDay(dayAfter(request.body.expiresAt), timeZone);
    const today = now().getTime();
    if (expiresAt.getTime() <= today || expiresAt.getTime() > today + apiTokenMaxDays * dayMs) {
      throw app.httpErrors.unprocessableEntity(
        'The last day must be today or later, within a year',
      );
    }
    const created = await database.transaction(async (tx) => {
      const made = await createApiToken(
        tx,
        { ...request.body, expiresAt: expiresAt.toISOString() },
        auditActor(sessionOf(request)),
      );
      const programmes = request.body.programmes;
      await auditOf(tx)(
        request,
        'api token created',
        0,
        `id=${made.id} name=${JSON.stringify(request.body.name.trim())} ` +
          `programmes=${Array.isArray(programmes) ? programmes.join(',') : programmes}`,
      );
      return made;
    });
    return reply.code(201).send(created);
  });

  app.get('/tokens', { schema: schemas.tokens }, async (request) => {
    const tokens = await listApiTokens(database);
    await auditOf(database)(request, 'api tokens listed', tokens.length, '');
    // Its last day: the day in TIME_ZONE of the moment before it stops.
    const lastDay = (expiresAt: string) => dayIn(new Date(Date.parse(expiresAt) - 1), timeZone);
    return { items: tokens.map((token) => ({ ...token, expiresAt: lastDay(token.expiresAt) })) };
  });

  app.delete('/tokens/:id', { schema: schemas.revokeToken }, async (request, reply) => {
    const id = Number(request.params.id);
    const name = await database.transaction(async (tx) => {
      const revoked = await revokeApiToken(tx, id);
      if (revoked !== undefined) {
        await auditOf(tx)(
          request,
          'api token revoked',
          0,
          `id=${id} name=${JSON.stringify(revoked)}`,
        );
      }
      return revoked;
    });
    if (name === undefined) throw app.httpErrors.notFound('No such token');
    return reply.code(204).send(null);
  });
};
