/**
 * A logical backup: one line of JSON naming the format and schema version, then one line per row
 * of each table, all read in one snapshot while the server runs. It restores into an empty
 * database of either kind, embedded or PostgreSQL, with the same ids, references and times.
 */
import { schemaVersion } from '../db/migrations';
import { snapshotTransaction, type Database } from '../db/database';
import { StaffCommandError } from './staffCommandError';

const backupFormat = 'student-registration-backup';

/** In restore order: a table comes after those it refers to. */
const tables = ['registrations', 'outbox', 'audit_log'] as const;
type Table = (typeof tables)[number];

interface BackupHeader {
  format: typeof backupFormat;
  schemaVersion: number;
  createdAt: string;
}

interface BackupLine {
  table: Table;
  row: Record<string, unknown>;
}

/** Rows inserted per statement on restore. */
const restoreBatchSize = 500;

/** The backup as text, and how many registrations it holds. */
export async function createBackup(db: Database): Promise<{ text: string; registrations: number }> {
  return snapshotTransaction(db, async (tx) => {
    const header: BackupHeader = {
      format: backupFormat,
      schemaVersion,
      createdAt: new Date().toISOString(),
    };
    const lines = [JSON.stringify(header)];
    let registrations = 0;
    for (const table of tables) {
      const rows = await tx.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY id`);
      if (table === 'registrations') registrations = rows.length;
      for (const row of rows) lines.push(JSON.stringify({ table, row } satisfies BackupLine));
    }
    return { text: `${lines.join('\n')}\n`, registrations };
  });
}

function parseBackup(text: string): Map<Table, Record<string, unknown>[]> {
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  let header: Partial<BackupHeader> | undefined;
  try {
    header = JSON.parse(first ?? '') as Partial<BackupHeader>;
  } catch {
    header = undefined;
  }
  if (header?.format !== backupFormat) {
    throw new StaffCommandError('This is not a backup made by npm run backup.');
  }
  if (header.schemaVersion !== schemaVersion) {
    throw new StaffCommandError(
      `The backup has schema version ${header.schemaVersion}; this version restores ${schemaVersion}.`,
    );
  }
  const rows = new Map<Table, Record<string, unknown>[]>(tables.map((table) => [table, []]));
  for (const [index, line] of rest.entries()) {
    let parsed: Partial<BackupLine>;
    try {
      parsed = JSON.parse(line) as Partial<BackupLine>;
    } catch {
      throw new StaffCommandError(`Line ${index + 2} of the backup is not JSON: it is damaged.`);
    }
    const tableRows = parsed.table && rows.get(parsed.table);
    if (!tableRows || typeof parsed.row !== 'object' || parsed.row === null) {
      throw new StaffCommandError(`Line ${index + 2} of the backup is not a row: it is damaged.`);
    }
    tableRows.push(parsed.row);
  }
  return rows;
}

/** Restores a backup into a migrated, empty database; how many registrations it restored. */
export async function restoreBackup(db: Database, text: string): Promise<number> {
  const rows = parseBackup(text);
  return db.transaction(async (tx) => {
    for (const table of tables) {
      const [{ count }] = await tx.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM ${table}`,
      );
      if (count > 0) {
        throw new StaffCommandError(
          `The database already holds data (${count} rows in ${table}): restore into a fresh ` +
            'DATA_DIR or an empty database.',
        );
      }
    }
    for (const table of tables) {
      const tableRows = rows.get(table) ?? [];
      for (let start = 0; start < tableRows.length; start += restoreBatchSize) {
        await tx.query(
          `INSERT INTO ${table} OVERRIDING SYSTEM VALUE
           SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [JSON.stringify(tableRows.slice(start, start + restoreBatchSize))],
        );
      }
      // New rows continue after the restored ids.
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false)
         FROM ${table}`,
      );
    }
    return rows.get('registrations')?.length ?? 0;
  });
}
