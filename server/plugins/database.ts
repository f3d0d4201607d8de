/**
 * The database as `app.database`: DATA_DIR made private, the configured database opened and
 * migrated, and closed with the app. A database the caller gives (tests) is migrated too, but stays
 * the caller's to close.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../config';
import { makeDataDirPrivate } from '../dataDirAccess';
import type { Database } from '../db/database';
import { migrate } from '../db/migrations';
import { openDatabase } from '../db/openDatabase';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions extends StorageConfig {
  /** Given open by the caller (tests): migrated here, but closed by the caller. */
  database?: Database;
}

function hardenDataDir(app: FastifyInstance, dataDir: string) {
  const tightened = makeDataDirPrivate(dataDir);
  if (tightened > 0) {
    app.log.warn(
      { dataDir, paths: tightened },
      'DATA_DIR was open to other users: made it readable by the server user alone',
    );
  }
}

const database: FastifyPluginAsync<DatabasePluginOptions> = async (app, options) => {
  hardenDataDir(app, options.dataDir);
  const given = options.database;
  const db =
    given ??
    (await openDatabase(options, (error) => app.log.error({ err: error }, 'database error')));
  try {
    await migrate(db);
  } catch (error) {
    if (!given) await db.close();
    throw error;
  }
  app.decorate('database', db);
  // Closed last: the hooks of everything registered after this plugin, which use it, run first.
  if (!given) app.addHook('onClose', () => db.close());
};

export const databasePlugin = fp(database, { name: 'database' });
