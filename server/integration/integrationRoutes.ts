/**
 * The integration API's routes under /api/v1, for the student information system: each call that
 * returns registrations or erasures is recorded in the audit log by the token's name with the row
 * count.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';
import { recordAudit } from '../operations/auditLog';
import {
  integrationApiSchemas as schemas,
  pageLimit,
} from '../../src/contract/integrationApiSchemas';
import { tokenActor, type TokenHolder } from './apiTokens';
import { readDatabaseIdentity } from '../db/databaseIdentity';
import { decodeCursor, encodeCursor, feedStart, type FeedPosition } from './feedCursor';
import {
  isPositionKnown,
  markTransferred,
  readErasurePage,
  readRegistration,
  readRegistrationPage,
  type FeedPage,
} from './registrationFeed';

export interface IntegrationRoutesOptions {
  database: Database;
}

const tokenHolderOf = (request: FastifyRequest): TokenHolder => request.apiToken!;

export const integrationRoutes: FastifyPluginAsyncTypebox<IntegrationRoutesOptions> = async (
  app,
  { database },
) => {
  const audit = (request: FastifyRequest, command: string, rowCount: number, details: string) =>
    recordAudit(database, {
      command,
      rowCount,
      actor: tokenActor(tokenHolderOf(request)),
      details,
    });

  /**
   * Where a page begins: after the cursor's position, or at the start. A cursor this database
   * cannot go on from (made before a restore, by another database, or ahead of this one's
   * transactions) starts again from the start: everything is handed out again, nothing skipped.
   */
  async function positionOf(cursor: string | undefined, identity: string): Promise<FeedPosition> {
    if (cursor === undefined) return feedStart;
    const decoded = decodeCursor(cursor);
    if (!decoded) throw app.httpErrors.badRequest('The cursor is not one this API gave');
    const { position } = decoded;
    const continues = decoded.identity === identity && (await isPositionKnown(database, position));
    return continues ? position : feedStart;
  }

  /** A page of `read` from where the cursor says, and where the next page begins. */
  async function pageFrom<Item>(
    cursor: string | undefined,
    read: (after: FeedPosition) => Promise<FeedPage<Item>>,
  ) {
    const identity = await readDatabaseIdentity(database);
    const position = await positionOf(cursor, identity);
    const page = await read(position);
    // After the last item; on an empty page, where it began (null when nothing was asked after).
    const next = page.last ?? (cursor === undefined ? undefined : position);
    return {
      items: page.items,
      nextCursor: next ? encodeCursor({ identity, position: next }) : null,
    };
  }

  const limitOf = (limit: string | undefined) => (limit ? Number(limit) : pageLimit.default);

  const notVisible = () =>
    app.httpErrors.notFound("No such registration among the token's programmes");

  app.get('/registrations', { schema: schemas.registrations }, async (request) => {
    const { updatedSince, cursor, limit } = request.query;
    const page = await pageFrom(cursor, (after) =>
      readRegistrationPage(
        database,
        tokenHolderOf(request),
        after,
        updatedSince ? new Date(updatedSince) : null,
        limitOf(limit),
      ),
    );
    await audit(
      request,
      'api list',
      page.items.length,
      updatedSince ? `updatedSince=${updatedSince}` : '',
    );
    return page;
  });

  app.get('/registrations/:id', { schema: schemas.registration }, async (request) => {
    const registration = await readRegistration(
      database,
      tokenHolderOf(request),
      Number(request.params.id),
    );
    if (!registration) throw notVisible();
    await audit(
      request,
      'api open',
      1,
      `id=${registration.id} reference=${registration.reference}`,
    );
    return registration;
  });

  app.put('/registrations/:id/transfer', { schema: schemas.transfer }, async (request) => {
    const token = tokenHolderOf(request);
    const id = Number(request.params.id);
    const marked = await markTransferred(database, token, id, request.body.externalId);
    const registration = marked && (await readRegistration(database, token, id));
    if (!registration) throw notVisible();
    await audit(
      request,
      'api transfer',
      1,
      `id=${registration.id} reference=${registration.reference}`,
    );
    return registration;
  });

  app.get('/erasures', { schema: schemas.erasures }, async (request) => {
    const { since, cursor, limit } = request.query;
    const page = await pageFrom(cursor, (after) =>
      readErasurePage(
        database,
        tokenHolderOf(request),
        after,
        since ? new Date(since) : null,
        limitOf(limit),
      ),
    );
    await audit(request, 'api erasures', page.items.length, since ? `since=${since}` : '');
    return page;
  });

  // Written by @fastify/swagger (registered in integrationPlugin.ts) from the routes' schemas.
  app.get('/openapi.json', { schema: schemas.openApi }, async () => app.swagger());
};
