/**
 * The audit log: each export, erase, purge, backup and restore, with when, which command, how many
 * rows and who did it. It never holds personal data: an erased applicant appears only as a keyed
 * hash (subjectHash), which confirms a known address without revealing one.
 */
import { createHmac } from 'node:crypto';
import { snapshotTransaction, type Database, type Queryable } from '../db/database';
import { withoutControlCharacters } from './controlCharacters';

export interface AuditEntry {
  command: string;
  rowCount: number;
  /** Who did it: an operating-system user's name, or a console user's email and sign-in subject. */
  actor: string;
  /** What was asked, without personal data: a format, a date, a keyed hash. */
  details?: string;
}

export interface AuditRecord extends Required<AuditEntry> {
  at: Date;
}

/** Who did it may come from whoever opened the staff socket: no control character is kept. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const clean = withoutControlCharacters;
  await db.query(
    'INSERT INTO audit_log (command, row_count, os_user, details) VALUES ($1, $2, $3, $4)',
    [clean(entry.command), entry.rowCount, clean(entry.actor), clean(entry.details ?? '')],
  );
}

/**
 * As stored: the actor's column keeps the name os_user from when only the command line wrote the
 * log, as do the backups that carry it.
 */
interface AuditRow {
  at: Date;
  command: string;
  row_count: number;
  os_user: string;
  details: string;
}

const selectedColumns = 'at, command, row_count, os_user, details';

const toRecord = (row: AuditRow): AuditRecord => ({
  at: new Date(row.at),
  command: row.command,
  rowCount: row.row_count,
  actor: row.os_user,
  details: row.details,
});

/** The whole log, oldest first: what `npm run audit-log` prints. */
export async function readAuditLog(db: Queryable): Promise<AuditRecord[]> {
  const rows = await db.query<AuditRow>(`SELECT ${selectedColumns} FROM audit_log ORDER BY id`);
  return rows.map(toRecord);
}

/** Part of the log, newest first, and how many entries it has: one snapshot, so the two agree. */
export function readAuditLogPage(
  db: Database,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; items: AuditRecord[] }> {
  return snapshotTransaction(db, async (tx) => {
    const [{ total }] = await tx.query<{ total: number }>(
      'SELECT count(*)::integer AS total FROM audit_log',
    );
    const rows = await tx.query<AuditRow>(
      `SELECT ${selectedColumns} FROM audit_log ORDER BY id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return { total, items: rows.map(toRecord) };
  });
}

/** HMAC-SHA-256 of a normalised address or reference under a key derived from the server's secret. */
export function subjectHash(secret: string, subject: string): string {
  const key = createHmac('sha256', secret).update('audit-log subject').digest();
  return createHmac('sha256', key).update(subject.trim().toLowerCase()).digest('hex').slice(0, 32);
}
