/**
 * Pairing possible duplicates after the submission (migration 28): a stored batch notes its
 * registrations as due, and these pair them. The server pairs one batch a second
 * (plugins/duplicatePairing.ts); whatever reads the pairs pairs everything due first.
 */
import type { Queryable } from './database';

/** As many as pair_registration_duplicates locks at once. */
const batchSize = 256;

/** Pairs one batch of the registrations due (up to id `through`), oldest first; how many. */
export async function pairDueBatch(db: Queryable, through?: number): Promise<number> {
  const [{ paired }] = await db.query<{ paired: number }>(
    'SELECT pair_due_registrations($1, $2) AS paired',
    [batchSize, through ?? null],
  );
  return paired;
}

/**
 * Pairs every registration due when it is called, including those another instance is pairing
 * (it waits); not those stored meanwhile, which a steady stream of submissions would never end.
 */
export async function pairAllDue(db: Queryable): Promise<void> {
  const [due] = await db.query<{ through: number | null }>(
    'SELECT max(registration_id) AS through FROM registration_pairing_due',
  );
  const through = due?.through;
  if (through === null || through === undefined) return;
  let paired: number;
  do paired = await pairDueBatch(db, through);
  while (paired > 0);
}
