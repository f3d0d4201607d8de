/**
 * Pairing possible duplicates after the submission (migration 28): a stored batch notes its
 * registrations as due, and these pair them. The server pairs one batch a second
 * (plugins/duplicatePairing.ts); whatever reads the pairs pairs everything due first.
 */
import type { Queryable } from './database';

/** As many as pair_registration_duplicates locks at once. */
const batchSize = 256;

/** Pairs one batch of the registrations due, oldest first; resolves with how many. */
export async function pairDueBatch(db: Queryable): Promise<number> {
  const [{ paired }] = await db.query<{ paired: number }>(
    'SELECT pair_due_registrations($1) AS paired',
    [batchSize],
  );
  return paired;
}

/** Pairs every registration due, including those another instance is pairing (it waits). */
export async function pairAllDue(db: Queryable): Promise<void> {
  let paired: number;
  do paired = await pairDueBatch(db);
  while (paired > 0);
}
