/**
 * The integration API's tokens in the staff API (/staff/api/tokens): admins make, list and revoke
 * them; each is recorded in the audit log by the token's name, never the token.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { apiTokenSchemas as schemas } from '../../src/contract/apiTokenSchemas';
import { apiTokenMaxDays } from '../../src/contract/apiTokenLimits';
import { createApiToken, listApiTokens, revokeApiToken } from '../integration/apiTokens';
import { auditOf, requireAdmin, sessionOf } from './routeSupport';
import { auditActor } from './signIn';

export interface TokenRoutesOptions {
  database: Database;
  now: () => Date;
}

const dayMs = 24 * 60 * 60 * 1000;

export const tokenRoutes: FastifyPluginAsyncTypebox<TokenRoutesOptions> = async (
  app,
  { database, now },
) => {
  app.addHook('onRequest', async (request) => requireAdmin(request));

  app.post('/tokens', { schema: schemas.createToken }, async (request, reply) => {
    const expiresAt = new Date(request.body.expiresAt).getTime();
    const today = now().getTime();
    if (expiresAt <= today || expiresAt > today + apiTokenMaxDays * dayMs) {
      throw app.httpErrors.unprocessableEntity('The expiry must be ahead, and within a year');
    }
    const created = await database.transaction(async (tx) => {
      const made = await createApiToken(tx, request.body, auditActor(sessionOf(request)));
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
    return tokens;
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
