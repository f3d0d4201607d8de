/**
 * A logical backup: one line of JSON naming the format and schema version, then one line per row
 * of each table, all read in one snapshot while the server runs. It restores into an empty
 * database of either kind, embedded or PostgreSQL, with the same ids, references and times; a
 * backup of an earlier release is loaded at its own schema version and migrated from there.
 */
import { renewDatabaseIdentity } from '../db/databaseIdentity';
import { appliedSchemaVersions, applyMigrations, schemaVersion } from '../db/migrations';
import { snapshotTransaction, type Database } from '../db/database';
import {
  backupColumns,
  createBackupRowCheck,
  firstBackupVersion,
  tables,
  tablesAt,
  type Table,
} from './backupRows';
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
      const columns = backupColumns(table, schemaVersion).join(', ');
      const rows = await tx.query<Record<string, unknown>>(
        `SELECT ${columns} FROM ${table} ORDER BY id`,
      );
      if (table === 'registrations') registrations = rows.length;
      for (const row of rows) lines.push(JSON.stringify({ table, row } satisfies BackupLine));
    }
    return { text: `${lines.join('\n')}\n`, registrations };
  });
}

/** A backup's schema version and its rows by table, each checked. */
export interface ParsedBackup {
  schemaVersion: number;
  rows: Map<Table, Record<string, unknown>[]>;
}

/** The backup's schema version when this release can restore it; otherwise why not. */
function restorableVersion(version: unknown): number {
  // Only a number this server could have written is echoed: the header is the file's, not ours.
  if (!Number.isSafeInteger(version)) {
    throw new StaffCommandError('The backup names no schema version: nothing was restored.');
  }
  const backupVersion = version as number;
  if (backupVersion > schemaVersion) {
    throw new StaffCommandError(
      `The backup has schema version ${backupVersion}, made by a later release; this release ` +
        `restores backups of schema versions ${firstBackupVersion} to ${schemaVersion}.`,
    );
  }
  if (backupVersion < firstBackupVersion) {
    throw new StaffCommandError(
      `No release wrote a backup of schema version ${backupVersion}; this release restores ` +
        `schema versions ${firstBackupVersion} to ${schemaVersion}.`,
    );
  }
  return backupVersion;
}

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
  const version = restorableVersion(header.schemaVersion);
  const checkRow = createBackupRowCheck(emailDomain, version);
  const rows: ParsedBackup['rows'] = new Map(tablesAt(version).map((table) => [table, []]));
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
  return { schemaVersion: version, rows };
}

/**
 * Restores a checked backup into an empty database in one transaction: the schema up to the
 * backup's version, its rows, then the migrations since, which fill in what the later versions
 * added. How many registrations it restored.
 */
export async function restoreBackup(db: Database, backup: ParsedBackup): Promise<number> {
  return db.transaction(async (tx) => {
    const newest = Math.max(0, ...(await appliedSchemaVersions(tx)));
    if (newest > backup.schemaVersion) {
      throw new StaffCommandError(
        `The database is at schema version ${newest}, past the backup's ${backup.schemaVersion}: ` +
          'restore into a fresh DATA_DIR or an empty database.',
      );
    }
    await applyMigrations(tx, backup.schemaVersion);
    for (const [table, tableRows] of backup.rows) {
      const [{ count }] = await tx.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM ${table}`,
      );
      if (count > 0) {
        throw new StaffCommandError(
          `The database already holds data (${count} rows in ${table}): restore into a fresh ` +
            'DATA_DIR or an empty database.',
        );
      }
      // Named: a generated column is made anew.
      const columns = backupColumns(table, backup.schemaVersion).join(', ');
      for (let start = 0; start < tableRows.length; start += restoreBatchSize) {
        await tx.query(
          `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [JSON.stringify(tableRows.slice(start, start + restoreBatchSize))],
        );
      }
      // New rows continue after the restored ids.
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false)
         FROM ${table}`,
      );
    }
    await applyMigrations(tx);
    // Every restored row now carries this transaction's id: no feed cursor from before holds.
    await renewDatabaseIdentity(tx);
    return backup.rows.get('registrations')?.length ?? 0;
  });
}
