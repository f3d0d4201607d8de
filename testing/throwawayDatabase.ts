/** A PostgreSQL database of a suite's own on the CI server (DATABASE_URL_TEST), dropped afterwards. */
import { Client } from 'pg';

export interface ThrowawayDatabase {
  /** DATABASE_URL for the new database. */
  url: string;
  /** A query on the server's maintenance database, outside any app. */
  admin<Row = unknown>(sql: string): Promise<Row[]>;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  async function admin<Row = unknown>(sql: string): Promise<Row[]> {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    admin,
    drop: async () => void (await admin(`DROP DATABASE IF EXISTS ${name}`)),
  };
}
