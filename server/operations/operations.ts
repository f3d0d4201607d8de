/**
 * What the staff can do with the stored registrations, each on an open database and recorded in
 * the audit log. The commands (cli.ts) run them directly, or through the running server's staff
 * socket (staffSocket.ts) when it holds the embedded database; either way the output is the same.
 */
import { defaultLanguage, type Language } from '../../src/contract/languages';
import type { Database, Queryable } from '../db/database';
import { snapshotTransaction } from '../db/database';
import { deleteConfirmationFilesOfGone } from '../mail/confirmationFiles';
import {
  eraseRegistrations,
  forgetPastErasures,
  purgeRegistrations,
  readRegistrations,
  type ApplicantCriterion,
} from '../db/registrations';
import { isoInTimeZone, startOfDay } from '../timeZone';
import { auditTextLimits, quotedWithin, readAuditLog, recordAudit, subjectHash } from './auditLog';
import { createBackup } from './backup';
import { endSessionsOf } from '../console/sessions';
import { withoutControlCharacters } from './controlCharacters';
import { exportFile } from './exportFormats';
import type { ExportFormat } from '../../src/contract/exportFileTypes';

export interface OperationsContext {
  database: Database;
  retentionDays: number;
  /** TIME_ZONE: the days of --since and the times the staff read are this zone's. */
  timeZone: string;
  /** The server's secret, which keys the audit log's hashes. */
  secret: string;
  /** Where the confirmations written as files are: an erased registration's goes with it. */
  mailDir: string;
}

export type StaffRequest =
  /** since: a day (YYYY-MM-DD) in TIME_ZONE; language: the xlsx's headings'. */
  | { command: 'export'; format: ExportFormat; since?: string; language?: Language }
  | { command: 'erase'; email: string }
  | { command: 'erase'; reference: string }
  | { command: 'purge' }
  | { command: 'backup' }
  | { command: 'audit-log' }
  /** subject: the OpenID provider's identifier of a staff member. */
  | { command: 'end-sessions'; subject: string };

export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Runs one request for `actor`; resolves with what the command prints on standard output. */
export async function runStaffRequest(
  context: OperationsContext,
  request: StaffRequest,
  actor: string,
): Promise<Buffer> {
  switch (request.command) {
    case 'export':
      return exportRegistrations(context, request, actor);
    case 'erase':
      return Buffer.from(await erase(context, request, actor));
    case 'purge':
      return Buffer.from(await purge(context, actor));
    case 'backup':
      return backup(context, actor);
    case 'audit-log':
      return Buffer.from(formatAuditLog(await readAuditLog(context.database), context.timeZone));
    case 'end-sessions':
      return Buffer.from(await endSessions(context, request.subject, actor));
  }
}

async function exportRegistrations(
  { database, timeZone }: OperationsContext,
  { format, since, language = defaultLanguage }: Extract<StaffRequest, { command: 'export' }>,
  actor: string,
): Promise<Buffer> {
  const start = since === undefined ? undefined : startOfDay(since, timeZone);
  const registrations = await snapshotTransaction(database, async (tx) => {
    const rows = await readRegistrations(tx, start);
    const details = [
      `format=${format}`,
      ...(start ? [`since=${isoInTimeZone(start, timeZone)}`] : []),
    ].join(' ');
    await recordAudit(tx, { command: 'export', rowCount: rows.length, actor, details });
    return rows;
  });
  return exportFile(registrations, format, { timeZone, language });
}

async function erase(
  context: OperationsContext,
  criterion: ApplicantCriterion,
  actor: string,
): Promise<string> {
  const count = await eraseApplicant(context, criterion, actor);
  return `Erased ${plural(count, 'registration')} by ${'email' in criterion ? 'email' : 'reference'}.\n`;
}

/**
 * Erases an applicant's registrations, recorded in the audit log with who asked, why when told,
 * and the applicant only as a keyed hash; resolves with how many went.
 */
export async function eraseApplicant(
  { database, secret, mailDir }: OperationsContext,
  criterion: ApplicantCriterion,
  actor: string,
  /** Why, when told; `withdraw` records the applicant's own withdrawal under its own name. */
  { reason, command = 'erase' }: { reason?: string; command?: 'erase' | 'withdraw' } = {},
  /** Done in the erasure's transaction before the rows go (a withdrawal's record). */
  beforeErase?: (tx: Queryable) => Promise<void>,
): Promise<number> {
  const [kind, subject] =
    'email' in criterion ? ['email', criterion.email] : ['reference', criterion.reference];
  const count = await database.transaction(async (tx) => {
    await beforeErase?.(tx);
    const erased = await eraseRegistrations(tx, criterion);
    const hash = `${kind}-hash=${subjectHash(secret, subject)}`;
    // Quoted, a reason can grow to several times its length: it is cut to what the log keeps.
    const room = auditTextLimits.details - `${hash} reason=`.length;
    const details = reason ? `${hash} reason=${quotedWithin(reason, room)}` : hash;
    await recordAudit(tx, { command, rowCount: erased, actor, details });
    return erased;
  });
  await deleteConfirmationFilesOfGone(database, mailDir);
  return count;
}

/**
 * Deletes what is past RETENTION_DAYS (nothing when it is 0): registrations, and the records of
 * erasures (the purge's own are recorded afresh, to be passed on); then every confirmation file whose
 * registration is gone: an erase racing the outbox can leave one behind, whatever RETENTION_DAYS.
 * `command` tells the audit log who asked.
 */
export async function purgeExpired(
  { database, retentionDays, mailDir }: OperationsContext,
  command: string,
  actor: string,
): Promise<number> {
  const count =
    retentionDays === 0
      ? 0
      : await database.transaction(async (tx) => {
          const purged = await purgeRegistrations(tx, retentionDays);
          await forgetPastErasures(tx, retentionDays);
          const details = `retention-days=${retentionDays}`;
          await recordAudit(tx, { command, rowCount: purged, actor, details });
          return purged;
        });
  await deleteConfirmationFilesOfGone(database, mailDir);
  return count;
}

async function purge(context: OperationsContext, actor: string): Promise<string> {
  if (context.retentionDays === 0) {
    return 'RETENTION_DAYS is 0: registrations are kept, none purged.\n';
  }
  const count = await purgeExpired(context, 'purge', actor);
  const age = plural(context.retentionDays, 'day');
  return `Purged ${plural(count, 'registration')} received more than ${age} ago.\n`;
}

/** Ends every console session of a staff member at once: who has left, or lost a device. */
async function endSessions(
  { database }: OperationsContext,
  subject: string,
  actor: string,
): Promise<string> {
  const count = await database.transaction(async (tx) => {
    const ended = await endSessionsOf(tx, subject);
    const details = `subject=${JSON.stringify(subject)}`;
    await recordAudit(tx, { command: 'end-sessions', rowCount: ended, actor, details });
    return ended;
  });
  // Shown to a terminal: no character in it reorders or hides the line.
  const shown = withoutControlCharacters(JSON.stringify(subject));
  return `Ended ${plural(count, 'console session')} of ${shown}.\n`;
}

async function backup({ database }: OperationsContext, actor: string): Promise<Buffer> {
  const { text, registrations } = await createBackup(database);
  await recordAudit(database, { command: 'backup', rowCount: registrations, actor });
  return Buffer.from(text);
}

function formatAuditLog(
  records: Awaited<ReturnType<typeof readAuditLog>>,
  timeZone: string,
): string {
  const header = ['time', 'command', 'rows', 'user', 'details'];
  // Printed to a terminal: a row written by an older version, or restored, may hold controls.
  const lines = records.map((record) =>
    [
      isoInTimeZone(record.at, timeZone),
      record.command,
      String(record.rowCount),
      record.actor,
      record.details,
    ].map(withoutControlCharacters),
  );
  const widths = header.map((_, column) =>
    Math.max(...[header, ...lines].map((line) => line[column].length)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
    .concat('\n');
}
