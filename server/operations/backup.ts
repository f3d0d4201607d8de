/**
 * A logical backup: one line of JSON naming the format and schema version, then one line per row
 * of each table, all read in one snapshot while the server runs. It restores into an empty
 * database of either kind, embedded or PostgreSQL, with the same ids, references and times; a
 * backup of an earlier release is loaded at its own schema version and migrated from there.
 */
import { renewDatabaseIdentity } from '../db/databaseIdentity';
import { appliedSchemaVersions, applyMigrations, schemaVersion } from '../db/migrations';
import { pairAllDue } from '../db/duplicatePairing';
import { snapshotTransaction, type Database, type Queryable } from '../db/database';
import {
  backupColumns,
  createBackupRowCheck,
  firstBackupVersion,
  tables,
  tablesAt,
  type Table,
} from './backupRows';
import { createValueCheck } from './backupValues';
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

/** A backup's schema version and its rows by table, each checked, with the line each was on. */
export interface ParsedBackup {
  schemaVersion: number;
  rows: Map<Table, Record<string, unknown>[]>;
  lines: Map<Table, number[]>;
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

const refusedLine = (number: number, problem: string) =>
  new StaffCommandError(`Line ${number} of the backup ${problem}: nothing was restored.`);
const notStored = (number: number, problem: string) =>
  refusedLine(number, `is not a row this server would have stored: ${problem}`);

/**
 * Reads a backup and checks its framing, its control characters and its form columns by the
 * form's rules (addresses at `emailDomain`); refuses the whole backup at its first bad line,
 * naming it. The rest is judged as it is restored.
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
  const lineNumbers: ParsedBackup['lines'] = new Map(tablesAt(version).map((table) => [table, []]));
  for (const { line, number } of rest) {
    let parsed: Partial<BackupLine> | null;
    try {
      parsed = JSON.parse(line) as Partial<BackupLine> | null;
    } catch {
      throw refusedLine(number, 'is not JSON');
    }
    const { table, row } = parsed ?? {};
    const tableRows = table && rows.get(table);
    if (!tableRows || typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw refusedLine(number, 'is not a row of a table');
    }
    const problem = checkRow(table, row);
    if (problem) throw notStored(number, problem);
    tableRows.push(row);
    lineNumbers.get(table)!.push(number);
  }
  return { schemaVersion: version, rows, lines: lineNumbers };
}

/**
 * Why the database refused a row, by its SQLSTATE and the constraint or column it names: never its
 * message's detail, which quotes the row. Undefined for an error that is no refusal of a row.
 */
function refusal(error: unknown): string | undefined {
  const { code, constraint, column } = error as {
    code?: string;
    constraint?: string;
    column?: string;
  };
  if (code === '23514') return `it breaks the database's rule ${constraint}`;
  if (code === '23503') return `it names a row that no line before it holds (${constraint})`;
  if (code === '23505') return `it repeats what must be unique (${constraint})`;
  if (code === '23502') return `${column} has no value`;
  if (code?.startsWith('22')) return "a value is not one of its column's type";
  return undefined;
}

/**
 * Inserts `rows` into `table` under a savepoint: refused, the savepoint is rolled back and each
 * row is tried alone to find the line to name.
 */
async function insertRows(
  tx: Queryable,
  table: Table,
  columns: string,
  rows: Record<string, unknown>[],
  lines: number[],
) {
  const insert = (batch: Record<string, unknown>[]) =>
    tx.query(
      `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
       SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
      [JSON.stringify(batch)],
    );
  const attempt = async (batch: Record<string, unknown>[]) => {
    await tx.query('SAVEPOINT restore_batch');
    try {
      await insert(batch);
      await tx.query('RELEASE SAVEPOINT restore_batch');
      return undefined;
    } catch (error) {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT restore_batch');
      return problem;
    }
  };
  if ((await attempt(rows)) === undefined) return;
  for (const [index, row] of rows.entries()) {
    const problem = await attempt([row]);
    if (problem !== undefined) throw notStored(lines[index], problem);
  }
  // Refused together, taken one by one: only a rule across rows (none today) does that.
  throw new StaffCommandError(`The rows of ${table} are refused together: nothing was restored.`);
}

/**
 * Restores a checked backup into an empty database in one transaction: the schema up to the
 * backup's version, its rows, then the migrations since, which fill in what the later versions
 * added. Each row is judged by the database's own rules, as every writer is; the first refused
 * names its line and leaves nothing restored. How many registrations it restored.
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
    const checkValues = await createValueCheck(tx);
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
      const lines = backup.lines.get(table)!;
      for (const [index, row] of tableRows.entries()) {
        const problem = checkValues(table, row);
        if (problem) throw notStored(lines[index], problem);
      }
      // Named: a generated column is made anew.
      const columns = backupColumns(table, backup.schemaVersion).join(', ');
      for (let start = 0; start < tableRows.length; start += restoreBatchSize) {
        const end = start + restoreBatchSize;
        await insertRows(tx, table, columns, tableRows.slice(start, end), lines.slice(start, end));
      }
      // New rows continue after the restored ids.
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false)
         FROM ${table}`,
      );
    }
    await applyMigrations(tx).catch((error: unknown) => {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      throw new StaffCommandError(
        `A row of the backup, migrated from schema version ${backup.schemaVersion}, ` +
          `is not one this server would store: ${problem}. Nothing was restored.`,
      );
    });
    // The possible duplicates, which a backup leaves out, paired anew now.
    await pairAllDue(tx);
    // A new registration never takes the id of one erased or withdrawn: the erasures feed and the
    // withdrawals' notices name them by it.
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('registrations', 'id'), greatest(
         (SELECT max(id) FROM registrations), (SELECT max(id) FROM erasures),
         (SELECT max(id) FROM registration_withdrawals), 0) + 1, false)`,
    );
    // Every restored row now carries this transaction's id: no feed cursor from before holds.
    await renewDatabaseIdentity(tx);
    return backup.rows.get('registrations')?.length ?? 0;
  });
}
