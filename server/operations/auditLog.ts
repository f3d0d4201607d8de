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

/**
 * The longest texts of the audit log's columns: what recordAudit writes at most, and what a
 * restore accepts (backupRows.ts). A row longer than a restore takes would make every later
 * backup unrestorable.
 */
export const auditTextLimits = { command: 50, os_user: 320, details: 1000 } as const;

/** At most `limit` UTF-16 units (as a restore counts them), whole characters, … where cut. */
function bounded(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > limit - 1) break;
    kept += character;
  }
  return `${kept}…`;
}

/** `text` as a JSON string of at most `limit` units: cut (with …) before it is quoted. */
export function quotedWithin(text: string, limit: number): string {
  let kept = '';
  for (const character of text) {
    if (JSON.stringify(`${kept}${character}…`).length > limit) return JSON.stringify(`${kept}…`);
    kept += character;
  }
  return JSON.stringify(kept);
}

/** A text as the audit log keeps it: no control character, at most `limit` units. */
export const auditText = (text: string, limit: number) =>
  bounded(withoutControlCharacters(text), limit);

/**
 * Who did it may come from whoever opened the staff socket or from a sign-in provider: no control
 * character is kept, and no text longer than a restore accepts.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (command, row_count, os_user, details) VALUES ($1, $2, $3, $4)',
    [
      auditText(entry.command, auditTextLimits.command),
      entry.rowCount,
      auditText(entry.actor, auditTextLimits.os_user),
      auditText(entry.details ?? '', auditTextLimits.details),
    ],
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

/** Which entries a page is of: all, or those of one command, by one actor, within a time. */
export interface AuditLogFilter {
  command?: string;
  /** The actor as recorded, whole. */
  actor?: string;
  /** Part of the actor as recorded (a sign-in's subject within its email and provider). */
  actorContaining?: string;
  from?: Date;
  /** Before this instant. */
  to?: Date;
}

/** The filter's conditions (all true without any) and their parameters, from $1 on. */
function auditLogWhere(filter: AuditLogFilter): { where: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const conditions = [
    ['command = $', filter.command],
    ['os_user = $', filter.actor],
    ['strpos(os_user, $) > 0', filter.actorContaining],
    ['at >= $', filter.from],
    ['at < $', filter.to],
  ].flatMap(([condition, value]) => {
    if (value === undefined) return [];
    parameters.push(value);
    return [(condition as string).replace('$', `$${parameters.length}`)];
  });
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

/** Part of the log, newest first, and how many entries it has: one snapshot, so the two agree. */
export function readAuditLogPage(
  db: Database,
  { limit, offset }: { limit: number; offset: number },
  filter: AuditLogFilter = {},
): Promise<{ total: number; items: AuditRecord[] }> {
  const { where, parameters } = auditLogWhere(filter);
  const next = parameters.length + 1;
  return snapshotTransaction(db, async (tx) => {
    const [{ total }] = await tx.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM audit_log ${where}`,
      parameters,
    );
    const rows = await tx.query<AuditRow>(
      `SELECT ${selectedColumns} FROM audit_log ${where}
       ORDER BY id DESC LIMIT $${next} OFFSET $${next + 1}`,
      [...parameters, limit, offset],
    );
    return { total, items: rows.map(toRecord) };
  });
}

/** HMAC-SHA-256 of a normalised address or reference under a key derived from the server's secret. */
export function subjectHash(secret: string, subject: string): string {
  const key = createHmac('sha256', secret).update('audit-log subject').digest();
  return createHmac('sha256', key).update(subject.trim().toLowerCase()).digest('hex').slice(0, 32);
}
