/**
 * The registrations as the console asks for them: filtered by what the person may see and by the
 * filters they chose, newest first, a page at a time, with the total.
 */
import { snapshotTransaction, type Database, type Queryable } from '../db/database';
import { formColumns, toStoredRegistration, type RegistrationRow } from '../db/registrations';
import type { DegreeProgram } from './access';
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
}

const selectedColumns = `id, reference, language, created_at, ${formColumns.join(', ')}`;

function whereOf(search: RegistrationSearch) {
  const params: unknown[] = [search.visibleProgrammes];
  const conditions = ['degree_program = ANY($1::text[])'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (search.programme) add((p) => `degree_program = ${p}`, search.programme);
  if (search.from) add((p) => `created_at >= ${p}`, search.from);
  if (search.to) add((p) => `created_at < ${p}`, search.to);
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
    const items = await selectRegistrations(tx, search, `LIMIT ${limit} OFFSET ${offset}`);
    return { total, items };
  });
}

/** Every registration the search finds, newest first: for an export. */
export const findAllRegistrations = (db: Database, search: RegistrationSearch) =>
  planned(db, (tx) => selectRegistrations(tx, search, ''));

async function selectRegistrations(db: Queryable, search: RegistrationSearch, limit: string) {
  const { where, params } = whereOf(search);
  const rows = await db.query<RegistrationRow>(
    `SELECT ${selectedColumns} FROM registrations WHERE ${where}
     ORDER BY created_at DESC, id DESC ${limit}`,
    params,
  );
  return rows.map(toStoredRegistration);
}

/** One registration with its confirmation's state, if the person may see it. */
export async function findRegistration(
  db: Queryable,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
) {
  const [row] = await db.query<RegistrationRow & { attempts: number | null }>(
    `SELECT ${selectedColumns.replace(/(^|, )/g, '$1registrations.')}, outbox.attempts
     FROM registrations LEFT JOIN outbox ON outbox.registration_id = registrations.id
     WHERE registrations.id = $1 AND degree_program = ANY($2::text[])`,
    [id, visibleProgrammes],
  );
  if (!row) return undefined;
  const confirmation =
    row.attempts === null
      ? { state: 'sent' as const }
      : row.attempts === 0
        ? { state: 'queued' as const }
        : { state: 'failing' as const, attempts: row.attempts };
  return { ...toStoredRegistration(row), confirmation };
}

/** Whether a registration with this id is stored, whoever may see it. */
export async function registrationExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM registrations WHERE id = $1', [id]);
  return rows.length > 0;
}
