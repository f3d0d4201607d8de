/** A PostgreSQL server through a `pg` connection pool: what several server instances share. */
import { Pool } from 'pg';
import type { Database, DatabaseErrorLog, Queryable } from './database';

export async function openPostgres(url: string, logError: DatabaseErrorLog): Promise<Database> {
  const pool = new Pool({
    connectionString: url,
    // A COMMIT returns only once its WAL is flushed, whatever the server's default says: an
    // acknowledged registration must survive a crash of the database server.
    options: '-c synchronous_commit=on',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', logError);
  await pool.query('SELECT 1');

  return {
    concurrentWriters: true,
    async query<Row>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      let brokenBy: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await client.query(sql, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (brokenBy = rollbackError));
        throw error;
      } finally {
        // A client whose ROLLBACK failed is in an unknown state: destroy it instead of reusing it.
        client.release(brokenBy);
      }
    },
    close: () => pool.end(),
  };
}
