/**
 * A logical backup: one line of JSON naming the format and schema version, then one line per row
 * of each table, all read in one snapshot while the server runs. It restores into an empty
 * database of either kind, embedded or PostgreSQL, with the same ids, references and times.
 */
import { schemaVersion } from '../db/migrations';
import { snapshotTransaction, type Database } from '../db/database';
import { createBackupRowCheck, tables, type Table } from './backupRows';
import { StaffCommandError } from './commandError';

const backupFormat = 'student-registration-backup';

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

/** A backup's rows by table, each checked. */
export type ParsedBackup = Map<Table, Record<string, unknown>[]>;

/**
 * Reads a backup and checks each row as the form and the server would have (addresses at
 * `emailDomain`); refuses the whole backup at its first bad line, naming it.
 */
export function parseBackup(text: string, emailDomain: string): ParsedBackup {
  const lines = text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '');
  const [first, ...rest] = lines;
  let header: Partial<BackupHeader> | undefined;
  try {
    header = JSON.parse(first?.line ?? '') as Partial<BackupHeader>;
  } catch {
    header = undefined;
  }
  if (header?.format !== backupFormat) {
    throw new StaffCommandError('This is not a backup made by npm run backup.');
  }
  // What the file says is never repeated: it may be made to drive the terminal that shows it.
  if (header.schemaVersion !== schemaVersion) {
    throw new StaffCommandError(
      `The backup's schema version is not ${schemaVersion}, the one this version restores.`,
    );
  }
  const checkRow = createBackupRowCheck(emailDomain);
  const rows: ParsedBackup = new Map(tables.map((table) => [table, []]));
  for (const { line, number } of rest) {
    const refuse = (problem: string) =>
      new StaffCommandError(`Line ${number} of the backup ${problem}: nothing was restored.`);
    let parsed: Partial<BackupLine> | null;
    try {
      parsed = JSON.parse(line) as Partial<BackupLine> | null;
    } catch {
      throw refuse('is not JSON');
    }
    const { table, row } = parsed ?? {};
    const tableRows = table && rows.get(table);
    if (!tableRows || typeof row !== 'object' || row === null) {
      throw refuse('is not a row of a table');
    }
    const problem = checkRow(table, row);
    if (problem) throw refuse(`is not a row this server would have stored: ${problem}`);
    tableRows.push(row);
  }
  return rows;
}

/** Restores a checked backup into a migrated, empty database; how many registrations it restored. */
export async function restoreBackup(db: Database, rows: ParsedBackup): Promise<number> {
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
