/**
 * A registration's notes and timeline (migration 8): received, each change of state or assignee,
 * each corrected field with its old and new value, each note, each word on a possible duplicate
 * (duplicateReviews.ts); who and when. Changes are written
 * here, in the transaction that makes them.
 */
import type { Queryable } from '../db/database';
import { personOf, type Person } from '../db/processing';
import type { DegreeProgram, FieldName } from '../../src/contract/fields';
import type { ProcessingState } from '../../src/contract/processing';
import type { HistoryEntry, Note } from '../../src/contract/consoleApiSchemas';
import { readDuplicateReviews } from './duplicateReviews';

/**
 * The actor of the applicant's own corrections (server/applicant/): no staff member's subject is
 * empty. The API names them as null, as it names the applicant who sent the registration.
 */
export const applicantActor = '';

/** The actor as the API names it: a staff member, or null for the applicant. */
const actorOf = (subject: string, name: string | null) =>
  subject === applicantActor ? null : personOf(subject, name);

/** One change as the history stores it: the values are JSON (null for nobody). */
export type Change =
  | { type: 'state'; from: ProcessingState; to: ProcessingState }
  | { type: 'assignee'; from: string | null; to: string | null }
  | { type: 'correction'; field: FieldName; from: string | boolean; to: string | boolean };

/** Records the changes made to registration `id` by `actor` (a subject), in one statement. */
export async function recordChanges(
  db: Queryable,
  id: number,
  actor: string,
  changes: readonly Change[],
) {
  if (changes.length === 0) return;
  await db.query(
    `INSERT INTO registration_history (registration_id, actor, type, field, from_value, to_value)
     SELECT $1, $2, change->>'type', change->>'field', change->'from', change->'to'
     FROM jsonb_array_elements($3::jsonb) AS change`,
    [id, actor, JSON.stringify(changes)],
  );
}

/** Who made the last change, and when; null for both when nobody has changed it. */
export async function lastChange(
  db: Queryable,
  id: number,
): Promise<{ changedBy: Person | null; changedAt: Date | null }> {
  const [row] = await db.query<{ actor: string; name: string | null; at: Date }>(
    `SELECT actor, at, (SELECT name FROM staff_members WHERE subject = actor) AS name
     FROM registration_history WHERE registration_id = $1 ORDER BY id DESC LIMIT 1`,
    [id],
  );
  return row
    ? { changedBy: actorOf(row.actor, row.name), changedAt: new Date(row.at) }
    : { changedBy: null, changedAt: null };
}

interface NoteRow {
  id: number;
  at: Date;
  author: string;
  author_name: string | null;
  text: string;
}

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  author: personOf(row.author, row.author_name),
  text: row.text,
});

/**
 * Adds a note to registration `id` if it is of `programmes` (and kept from erasure until the note
 * is in); resolves with the note as the API answers it and the registration's reference, or
 * undefined when there is no such registration.
 */
export async function addNote(
  db: Queryable,
  { id, programmes, author, text }: AddNote,
): Promise<{ note: Note; reference: string } | undefined> {
  const [row] = await db.query<NoteRow & { reference: string }>(
    `WITH target AS (
       SELECT id, reference FROM registrations
       WHERE id = $1 AND degree_program = ANY($2::text[]) FOR SHARE
     ), added AS (
       INSERT INTO registration_notes (registration_id, author, text)
       SELECT id, $3, $4 FROM target
       RETURNING id, at, author, text
     )
     SELECT added.*, target.reference,
       (SELECT name FROM staff_members WHERE subject = added.author) AS author_name
     FROM added, target`,
    [id, programmes, author, text],
  );
  return row && { note: toNote(row), reference: row.reference };
}

interface AddNote {
  id: number;
  /** The programmes the author may see. */
  programmes: readonly string[];
  /** A subject. */
  author: string;
  text: string;
}

interface HistoryRow {
  id: number;
  at: Date;
  actor: string;
  actor_name: string | null;
  type: Change['type'];
  field: FieldName | null;
  from_value: unknown;
  to_value: unknown;
  from_name: string | null;
  to_name: string | null;
}

const nameOf = (column: string) =>
  `(SELECT name FROM staff_members WHERE subject = ${column} #>> '{}')`;

/** What the history holds in the API's terms: an assignee as a person, null as nobody. */
function toEntry(row: HistoryRow): HistoryEntry {
  const at = new Date(row.at).toISOString();
  const actor = actorOf(row.actor, row.actor_name);
  switch (row.type) {
    case 'state':
      return {
        at,
        actor,
        type: 'state',
        from: row.from_value as ProcessingState,
        to: row.to_value as ProcessingState,
      };
    case 'assignee': {
      const assignee = (subject: unknown, name: string | null) =>
        typeof subject === 'string' ? personOf(subject, name) : null;
      return {
        at,
        actor,
        type: 'assignee',
        from: assignee(row.from_value, row.from_name),
        to: assignee(row.to_value, row.to_name),
      };
    }
    case 'correction':
      return {
        at,
        actor,
        type: 'correction',
        field: row.field!,
        from: row.from_value as string | boolean,
        to: row.to_value as string | boolean,
      };
  }
}

/**
 * The registration's notes, and its timeline from its receipt: both oldest first, a note in the
 * timeline where it was written; as a person who may see `visibleProgrammes` reads it.
 */
export async function readNotesAndHistory(
  db: Queryable,
  id: number,
  receivedAt: Date,
  visibleProgrammes: readonly DegreeProgram[],
) {
  const noteRows = await db.query<NoteRow>(
    `SELECT id, at, author, text,
       (SELECT name FROM staff_members WHERE subject = author) AS author_name
     FROM registration_notes WHERE registration_id = $1 ORDER BY id`,
    [id],
  );
  const historyRows = await db.query<HistoryRow>(
    `SELECT id, at, actor, type, field, from_value, to_value,
       (SELECT name FROM staff_members WHERE subject = actor) AS actor_name,
       CASE WHEN type = 'assignee' THEN ${nameOf('from_value')} END AS from_name,
       CASE WHEN type = 'assignee' THEN ${nameOf('to_value')} END AS to_name
     FROM registration_history WHERE registration_id = $1 ORDER BY id`,
    [id],
  );
  const notes = noteRows.map(toNote);
  const received: HistoryEntry = {
    at: receivedAt.toISOString(),
    actor: null,
    type: 'received',
  };
  const noteEntries = notes.map((note): HistoryEntry => ({
    at: note.at,
    actor: note.author,
    type: 'note',
    noteId: note.id,
    text: note.text,
  }));
  const reviews = await readDuplicateReviews(db, id, visibleProgrammes);
  // Changes, notes and reviews are stored apart; merged by time, a change before a note of the
  // same instant.
  const history = [
    received,
    ...[...historyRows.map(toEntry), ...noteEntries, ...reviews].sort((a, b) =>
      a.at.localeCompare(b.at),
    ),
  ];
  return { notes, history };
}
