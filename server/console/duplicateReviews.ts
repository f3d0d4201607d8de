/**
 * The staff's word on a pair of possible duplicates (migration 23): not the same person, handled
 * (merged by hand, or withdrawn), or a possible duplicate again. Each is a row both ways, so that
 * each half's timeline shows it; the latest of a pair holds. Only a person who may see both halves
 * may resolve a pair.
 */
import type { Database, Queryable } from '../db/database';
import { personOf } from '../db/processing';
import type { DegreeProgram } from '../../src/contract/fields';
import type { HistoryEntry, PossibleDuplicate } from '../../src/contract/consoleApiSchemas';
import { duplicateReopened, type DuplicateResolution } from '../../src/contract/processing';
import { latestResolution } from './duplicates';

type Review = DuplicateResolution | typeof duplicateReopened;

interface PossibleDuplicateRow {
  id: number;
  reference: string;
  degree_program: DegreeProgram;
  created_at: Date;
  resolution: Review | null;
  actor: string | null;
  actor_name: string | null;
  at: Date | null;
}

/** The others registration `id` is paired with that the person may see, resolved or not, by id. */
export async function readPossibleDuplicates(
  db: Queryable,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
): Promise<PossibleDuplicate[]> {
  const rows = await db.query<PossibleDuplicateRow>(
    `SELECT other.id, other.reference, other.degree_program, other.created_at,
       review.resolution, review.actor, review.at,
       (SELECT name FROM staff_members WHERE subject = review.actor) AS actor_name
     FROM registration_duplicates
     JOIN registrations AS other ON other.id = registration_duplicates.other_id
     LEFT JOIN LATERAL (
       SELECT resolution, actor, at FROM registration_duplicate_reviews AS review
       WHERE review.registration_id = registration_duplicates.registration_id
         AND review.other_id = registration_duplicates.other_id
       ORDER BY review.id DESC LIMIT 1
     ) AS review ON true
     WHERE registration_duplicates.registration_id = $1
       AND registration_duplicates.other_degree_program = ANY($2::text[])
     ORDER BY other.id`,
    [id, visibleProgrammes],
  );
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    degreeProgram: row.degree_program,
    createdAt: new Date(row.created_at).toISOString(),
    resolution:
      row.resolution === null || row.resolution === duplicateReopened
        ? null
        : {
            type: row.resolution,
            by: personOf(row.actor!, row.actor_name),
            at: new Date(row.at!).toISOString(),
          },
  }));
}

/**
 * Registration `id`'s reviews as its timeline shows them to a person who may see
 * `visibleProgrammes`: a review names the other half, so only those whose other half is of them.
 */
export async function readDuplicateReviews(
  db: Queryable,
  id: number,
  visibleProgrammes: readonly DegreeProgram[],
): Promise<HistoryEntry[]> {
  const rows = await db.query<{
    other_id: number;
    resolution: Review;
    actor: string;
    actor_name: string | null;
    at: Date;
  }>(
    `SELECT other_id, resolution, actor, at,
       (SELECT name FROM staff_members WHERE subject = actor) AS actor_name
     FROM registration_duplicate_reviews
     WHERE registration_id = $1
       AND other_id IN (SELECT id FROM registrations WHERE degree_program = ANY($2::text[]))
     ORDER BY id`,
    [id, visibleProgrammes],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    actor: personOf(row.actor, row.actor_name),
    type: 'duplicate',
    otherId: row.other_id,
    resolution: row.resolution,
  }));
}

interface ResolveDuplicate {
  id: number;
  otherId: number;
  /** The programmes the person may see: both halves must be of them. */
  programmes: readonly DegreeProgram[];
  /** A subject. */
  actor: string;
  /** null: a possible duplicate again. */
  resolution: DuplicateResolution | null;
}

/**
 * Records the person's word on the pair, unless it is already so; resolves with the reference of
 * registration `id` and whether anything changed, or undefined when the person may not see both
 * halves or they are no pair.
 */
export function resolveDuplicate(
  db: Database,
  { id, otherId, programmes, actor, resolution }: ResolveDuplicate,
): Promise<{ reference: string; changed: boolean } | undefined> {
  return db.transaction(async (tx) => {
    // Both kept from erasure until the word is in, in one order (as erasures lock pairs).
    const halves = await tx.query<{ id: number; reference: string }>(
      `SELECT id, reference FROM registrations
       WHERE id IN ($1, $2) AND degree_program = ANY($3::text[])
       ORDER BY id FOR SHARE`,
      [id, otherId, programmes],
    );
    const [pair] = await tx.query<{ resolution: Review | null }>(
      `SELECT ${latestResolution} AS resolution FROM registration_duplicates
       WHERE registration_id = $1 AND other_id = $2`,
      [id, otherId],
    );
    if (halves.length !== 2 || !pair) return undefined;
    const wanted: Review = resolution ?? duplicateReopened;
    const changed = (pair.resolution ?? duplicateReopened) !== wanted;
    if (changed) {
      await tx.query(
        `INSERT INTO registration_duplicate_reviews (registration_id, other_id, resolution, actor)
         VALUES ($1, $2, $3, $4), ($2, $1, $3, $4)`,
        [id, otherId, wanted, actor],
      );
    }
    return { reference: halves.find((half) => half.id === id)!.reference, changed };
  });
}
