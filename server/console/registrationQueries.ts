/**
 * The registrations as the console asks for them: filtered by what the person may see and by the
 * filters they chose, newest first, a page at a time, with the total.
 */
import { snapshotTransaction, type Database, type Queryable } from '../db/database';
import { formColumns, toProcessedRegistration, type ProcessedRow } from '../db/registrations';
import { processingColumns } from '../db/processing';
import type { ProcessingState } from '../../src/contract/processing';
import type { DegreeProgram } from '../../src/contract/fields';
import { duplicateOfColumn, hasDuplicates } from './duplicates';
import { requestOpen } from './informationRequests';
import { applicantAnsweredColumn } from './answeredRequests';
import { rowsOfPage } from './paging';

/** The person's filter as the database is asked it: days as instants, within what they may see. */
export interface RegistrationSearch {
  /** What the person may see: every other programme is left out whatever else is asked. */
  visibleProgrammes: readonly DegreeProgram[];
  programme?: DegreeProgram;
  /** Received at or after. */
  from?: Date;
  /** Received before. */
  to?: Date;
  /** Part of the name or the email, or the whole reference. */
  q?: string;
  state?: ProcessingState;
  /** Who has it: a staff member's subject, or null for nobody. */
  assignee?: string | null;
  /** Only those that share their applicant with another the person may see. */
  duplicates?: boolean;
  /** Only those with an open information request whose deadline is before this day. */
  overdueBefore?: string;
}

/** The registration's columns and its processing; the duplicates' ids are asked for apart. */
const selectedColumns = `${['id', 'reference', 'language', 'created_at', ...formColumns]
  .map((column) => `registrations.${column}`)
  .join(', ')}, ${processingColumns}`;

type ListedRow = ProcessedRow & { duplicate_of: number[]; applicant_answered: boolean };
const toListedRegistration = (row: ListedRow) => ({
  ...toProcessedRegistration(row),
  duplicateOf: row.duplicate_of,
  applicantAnswered: row.applicant_answered,
});

/** An open information request of the registration, its deadline before day `p`. */
export const overdueRequest = (p: string) =>
  `EXISTS (SELECT 1 FROM registration_requests WHERE registration_id = registrations.id
    AND ${requestOpen('registration_requests')} AND deadline < ${p})`;

export function whereOf(search: RegistrationSearch) {
  const params: unknown[] = [search.visibleProgrammes];
  const conditions = ['degree_program = ANY($1::text[])'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (search.programme) add((p) => `degree_program = ${p}`, search.programme);
  if (search.from) add((p) => `created_at >= ${p}`, search.from);
  if (search.to) add((p) => `created_at < ${p}`, search.to);
  if (search.state) add((p) => `state = ${p}`, search.state);
  if (search.assignee === null) conditions.push('assignee IS NULL');
  else if (search.assignee !== undefined) add((p) => `assignee = ${p}`, search.assignee);
  if (search.duplicates) conditions.push(hasDuplicates('$1'));
  if (search.overdueBefore) add(overdueRequest, search.overdueBefore);
  const q = search.q?.trim();
  if (q) {
    params.push(
      `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`,
      q.toUpperCase(),
    );
    const [pattern, reference] = [`$${params.length - 1}`, `$${params.length}`];
    conditions.push(
      `(lower(first_name || ' ' || last_name) LIKE ${pattern} OR lower(email) LIKE ${pattern}` +
        ` OR reference = ${reference})`,
    );
  }
  return { where: conditions.join(' AND '), params };
}

/**
 * Runs the console's queries in one snapshot (the total and the page agree), each planned for the
 * values it is given: PGlite keeps the statements prepared, and after five runs PostgreSQL would
 * reuse a generic plan, which cannot tell a search's pattern from none and reads every row (150 ms
 * a search at 100,000 registrations, instead of 10 through the trigram indexes).
 */
function planned<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return snapshotTransaction(db, async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
    return work(tx);
  });
}

export function findRegistrations(db: Database, search: RegistrationSearch, page: number) {
  return planned(db, async (tx) => {
    const { where, params } = whereOf(search);
    const [{ total }] = await tx.query<{ total: number }>(
      `SELECT count(*)::integer AS total FROM registrations WHERE ${where}`,
      params,
    );
    const { limit, offset } = rowsOfPage(page);
    // The page's ids first, then its rows and their duplicates: the rows an OFFSET skips are
    // carried as narrow ones and run no subquery.
    const rows = await tx.query<ListedRow>(
      `SELECT ${selectedColumns}, ${duplicateOfColumn('$1')}, ${applicantAnsweredColumn}
       FROM (SELECT id FROM registrations WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS page
       JOIN registrations USING (id)
       ORDER BY created_at DESC, id DESC`,
      params,
    );
    return { total, items: rows.map(toListedRegistration) };
  });
}

/** Every registration the search finds, newest first: for an export. */
export const findAllRegistrations = (db: Database, search: RegistrationSearch) =>
  planned(db, async (tx) => {
    const { where, params } = whereOf(search);
    const rows = await tx.query<ProcessedRow>(
      `SELECT ${selectedColumns} FROM registrations WHERE ${where}
       ORDER BY created_at DESC, id DESC`,
      params,
    );
    return rows.map(toProcessedRegistration);
  });

/** One registration with its confirmation's state, if the person may see it. */
export async function findRegistration(
  db: Queryable,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
) {
  const [row] = await db.query<ListedRow & { attempts: number | null }>(
    `SELECT ${selectedColumns}, ${duplicateOfColumn('$2')}, ${applicantAnsweredColumn},
       outbox.attempts
     FROM registrations LEFT JOIN outbox ON outbox.registration_id = registrations.id
     WHERE registrations.id = $1 AND registrations.degree_program = ANY($2::text[])`,
    [id, visibleProgrammes],
  );
  if (!row) return undefined;
  const confirmation =
    row.attempts === null
      ? { state: 'sent' as const }
      : row.attempts === 0
        ? { state: 'queued' as const }
        : { state: 'failing' as const, attempts: row.attempts };
  return { ...toListedRegistration(row), confirmation };
}

/** Whether a registration with this id is stored, whoever may see it. */
export async function registrationExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM registrations WHERE id = $1', [id]);
  return rows.length > 0;
}
