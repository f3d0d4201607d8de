/**
 * The database's identity (migration 16): a random id made with the database and made anew by
 * every restore, so that a feed cursor from another database, or from this one before a restore,
 * is known for what it is (server/integration/feedCursor.ts).
 */
import type { Queryable } from './database';

export async function readDatabaseIdentity(db: Queryable): Promise<string> {
  const [{ id }] = await db.query<{ id: string }>('SELECT id::text AS id FROM database_identity');
  return id;
}

/** A new identity, in the restore's transaction: no position from before it holds afterwards. */
export async function renewDatabaseIdentity(db: Queryable): Promise<void> {
  await db.query('UPDATE database_identity SET id = gen_random_uuid()');
}
