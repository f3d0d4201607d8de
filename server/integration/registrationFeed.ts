/**
 * What the integration API reads and writes: the registrations and the erasures in the order they
 * were committed, a page at a time, and the transfer mark.
 *
 * Stable paging: a time or a sequence taken while a transaction runs is not the order in which
 * transactions commit, so a page read by it could be passed by a row committed a moment later
 * with an earlier value, and that row would never be handed out. Each registration has the id of
 * the transaction that last wrote it (registration_changes, kept by triggers, migration 18), and a page holds
 * only rows written by transactions below the oldest one still running (the snapshot's xmin):
 * every transaction that commits afterwards has a higher id, so it lands after any page already
 * read. A row changed after it was read gets a new position and is handed out again. A long
 * transaction holds the feed back until it ends; it skips nothing.
 */
import type { Queryable } from '../db/database';
import { columnOf } from '../db/fieldColumns';
import { isoTime } from '../db/isoTime';
import { fieldNames } from '../../src/contract/fields';
import type { Erasure, IntegrationRegistration } from '../../src/contract/integrationApiSchemas';
import type { TokenHolder } from './apiTokens';
import type { FeedPosition } from './feedCursor';

/**
 * An item as PostgreSQL writes it in JSON. A page crosses from the PGlite worker as one text
 * instead of 1,000 rows of 20 columns: parsing those rows took ten times the query (issue 35's
 * bench), JSON.parse of the text next to nothing.
 */
const itemJson = `json_build_object('id', r.id, 'reference', r.reference,
  'createdAt', ${isoTime('r.created_at')}, 'updatedAt', ${isoTime('r.updated_at')},
  'language', r.language,
  ${fieldNames.map((name) => `'${name}', r.${columnOf(name)}`).join(', ')},
  'state', r.state, 'transferredAt', ${isoTime('t.transferred_at')}, 'externalId', t.external_id)`;

const fromRegistrations = `FROM registrations r LEFT JOIN registration_transfers t ON t.id = r.id`;

/** Every transaction below it has ended: what a page may hand out. */
const committedHorizon = 'pg_snapshot_xmin(pg_current_snapshot())';

export interface FeedPage<Item> {
  items: Item[];
  /** After the last item, or undefined when the page is empty. */
  last?: FeedPosition;
}

/** Whether `position` can come from this database: one past its next transaction id cannot. */
export async function isPositionKnown(db: Queryable, position: FeedPosition): Promise<boolean> {
  const [{ known }] = await db.query<{ known: boolean }>(
    'SELECT $1::xid8 < pg_snapshot_xmax(pg_current_snapshot()) AS known',
    [position.xid],
  );
  return known;
}

export async function readRegistrationPage(
  db: Queryable,
  token: TokenHolder,
  after: FeedPosition,
  updatedSince: Date | null,
  limit: number,
): Promise<FeedPage<IntegrationRegistration>> {
  const [page] = await db.query<{ items: string; last_xid: string | null; last_id: number }>(
    `WITH page AS (
       SELECT ${itemJson} AS item, c.change_xid, r.id
       FROM registration_changes c JOIN registrations r ON r.id = c.registration_id
         LEFT JOIN registration_transfers t ON t.id = r.id
       WHERE (c.change_xid, c.registration_id) > ($1::xid8, $2::integer)
         AND c.change_xid < ${committedHorizon}
         AND ($3::text[] IS NULL OR r.degree_program = ANY($3::text[]))
         AND ($4::timestamptz IS NULL OR r.updated_at >= $4::timestamptz)
       ORDER BY c.change_xid, c.registration_id LIMIT $5
     )
     SELECT coalesce(json_agg(item ORDER BY change_xid, id), '[]')::text AS items,
       (array_agg(change_xid::text ORDER BY change_xid DESC, id DESC))[1] AS last_xid,
       (array_agg(id ORDER BY change_xid DESC, id DESC))[1] AS last_id
     FROM page`,
    [after.xid, after.id, token.programmes, updatedSince, limit],
  );
  return {
    items: JSON.parse(page.items) as IntegrationRegistration[],
    last: page.last_xid === null ? undefined : { xid: page.last_xid, id: page.last_id },
  };
}

/** One registration, if the token may read it. */
export async function readRegistration(
  db: Queryable,
  token: TokenHolder,
  id: number,
): Promise<IntegrationRegistration | undefined> {
  const [row] = await db.query<{ item: string }>(
    `SELECT ${itemJson}::text AS item ${fromRegistrations}
     WHERE r.id = $1 AND ($2::text[] IS NULL OR r.degree_program = ANY($2::text[]))`,
    [id, token.programmes],
  );
  return row && (JSON.parse(row.item) as IntegrationRegistration);
}

/**
 * Marks a registration the token may read as transferred: the first time and token are kept; an
 * external id given replaces the one stored. Whether it was there to mark.
 */
export async function markTransferred(
  db: Queryable,
  token: TokenHolder,
  id: number,
  externalId: string | undefined,
): Promise<boolean> {
  const marked = await db.query(
    `INSERT INTO registration_transfers (id, token_id, external_id)
     SELECT id, $2, $3 FROM registrations
     WHERE id = $1 AND ($4::text[] IS NULL OR degree_program = ANY($4::text[]))
     ON CONFLICT (id) DO UPDATE
       SET external_id = coalesce(excluded.external_id, registration_transfers.external_id)
     RETURNING id`,
    [id, token.id, externalId ?? null, token.programmes],
  );
  return marked.length > 0;
}

/**
 * The registrations gone from the token's programmes, in the order of the transactions that took
 * them (then id): erased (deleted whatever the path: erasures, migration 11), or moved to a
 * programme the token may not read (registration_moves, migration 21). A move is listed as an
 * erasure, with the same fields: the token's system must erase its copy either way, and needs
 * to know no more (not even that the applicant is still registered elsewhere). A token of every
 * programme never loses one by a move; nor does one whose registration has since come back into
 * its programmes, which the registrations feed hands out again. One item per registration and
 * transaction, the position the cursor keeps.
 */
export async function readErasurePage(
  db: Queryable,
  token: TokenHolder,
  after: FeedPosition,
  since: Date | null,
  limit: number,
): Promise<FeedPage<Erasure>> {
  const rows = await db.query<{ id: number; reference: string; erased_at: Date; xid: string }>(
    `WITH gone AS ((
       SELECT id, reference, erased_at, erased_xid AS position_xid FROM erasures
       WHERE (erased_xid, id) > ($1::xid8, $2::integer) AND erased_xid < ${committedHorizon}
         AND ($3::text[] IS NULL OR degree_program = ANY($3::text[]))
         AND ($4::timestamptz IS NULL OR erased_at >= $4::timestamptz)
       ORDER BY erased_xid, id LIMIT $5
     ) UNION ALL (
       SELECT m.registration_id, m.reference, m.moved_at, m.moved_xid FROM registration_moves m
       WHERE (m.moved_xid, m.registration_id) > ($1::xid8, $2::integer)
         AND m.moved_xid < ${committedHorizon}
         AND m.from_program = ANY($3::text[]) AND NOT m.to_program = ANY($3::text[])
         AND ($4::timestamptz IS NULL OR m.moved_at >= $4::timestamptz)
         AND NOT EXISTS (SELECT 1 FROM registrations r
           WHERE r.id = m.registration_id AND r.degree_program = ANY($3::text[]))
       ORDER BY m.moved_xid, m.registration_id LIMIT $5
     ))
     SELECT DISTINCT ON (position_xid, id) id, reference, erased_at, position_xid::text AS xid
     FROM gone ORDER BY position_xid, id LIMIT $5`,
    [after.xid, after.id, token.programmes, since, limit],
  );
  const last = rows.at(-1);
  return {
    items: rows.map(({ id, reference, erased_at }) => ({
      id,
      reference,
      erasedAt: new Date(erased_at).toISOString(),
    })),
    last: last && { xid: last.xid, id: last.id },
  };
}
