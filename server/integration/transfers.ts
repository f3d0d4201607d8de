/** A registration's transfer to the student information system, as the staff read it. */
import type { Queryable } from '../db/database';

export async function readTransfer(db: Queryable, id: number) {
  const [row] = await db.query<{ at: Date; token_name: string; external_id: string | null }>(
    `SELECT t.transferred_at AS at, k.name AS token_name, t.external_id
     FROM registration_transfers t JOIN api_tokens k ON k.id = t.token_id WHERE t.id = $1`,
    [id],
  );
  return row
    ? { at: new Date(row.at).toISOString(), tokenName: row.token_name, externalId: row.external_id }
    : null;
}
