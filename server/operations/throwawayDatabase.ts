/**
 * An empty database for a restore drill, deleted afterwards: a new database on DATABASE_URL's
 * PostgreSQL server when it lets us create one, else an embedded one in a private temporary
 * directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Database, DatabaseErrorLog } from '../db/database';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

export interface ThrowawayDatabase {
  database: Database;
  /** Where it is, for the drill's report. */
  description: string;
  /** Closes and deletes it. */
  dispose(): Promise<void>;
}

/** Runs one statement on the server of `url`, outside any pool. */
async function runOnServer(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The drill is a command: what goes wrong outside its queries goes to its terminal. */
const logError: DatabaseErrorLog = (error) => console.error(error.message);

async function openThrowawayPostgres(databaseUrl: string): Promise<ThrowawayDatabase> {
  const name = `restore_drill_${process.pid}_${Date.now()}`;
  await runOnServer(databaseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.href, logError);
  return {
    database,
    description: `a throwaway PostgreSQL database (${name})`,
    async dispose() {
      await database.close();
      await runOnServer(databaseUrl, `DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

async function openThrowawayPGlite(): Promise<ThrowawayDatabase> {
  // mkdtemp makes it its owner's alone: the restored rows are personal data.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
  const database = await openPGlite(dir, logError);
  return {
    database,
    description: 'a throwaway embedded database',
    async dispose() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway database beside the running one's kind; `note` hears, in one line, why a
 * PostgreSQL one could not be made.
 */
export async function openThrowawayDatabase(
  databaseUrl: string | undefined,
  note: (line: string) => void,
): Promise<ThrowawayDatabase> {
  if (databaseUrl) {
    try {
      return await openThrowawayPostgres(databaseUrl);
    } catch (error) {
      note(
        `Could not create a PostgreSQL database (${(error as Error).message}): ` +
          'restoring into an embedded one instead.',
      );
    }
  }
  return openThrowawayPGlite();
}
