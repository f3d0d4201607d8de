/**
 * The integration API's tokens (migration 11): made by admins in the console, shown once, kept
 * only as their SHA-256. A token reads the registrations of its programmes (null: all) until it
 * expires or is revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { DegreeProgram } from '../../src/contract/fields';
import type { ApiToken, ApiTokenBody } from '../../src/contract/apiTokenSchemas';
import { allProgrammes } from '../../src/contract/apiTokenLimits';
import { auditText, auditTextLimits } from '../operations/auditLog';

/** A token as a request names it: whom the audit log records, and what it may read. */
export interface TokenHolder {
  id: number;
  name: string;
  /** null: every programme. */
  programmes: DegreeProgram[] | null;
}

/** A token as stored: until when it works, as an instant (ISO 8601). */
export type NewApiToken = Omit<ApiTokenBody, 'expiresAt'> & { expiresAt: string };
export type StoredApiToken = Omit<ApiToken, 'expiresAt'> & { expiresAt: string };

/** Recognisable in a leaked file or a secret scanner: 256 random bits after the prefix. */
const tokenPrefix = 'sisreg_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Its last use is written at most this often: a busy token is not one write per request. */
const lastUseResolutionMs = 60_000;

interface TokenRow {
  id: number;
  name: string;
  programmes: DegreeProgram[] | null;
  created_at: Date;
  created_by: string;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const iso = (time: Date | null) => (time === null ? null : new Date(time).toISOString());

/** Stores a new token's hash; resolves with its id and the token, which nothing keeps. */
export async function createApiToken(
  db: Queryable,
  { name, programmes, expiresAt }: NewApiToken,
  createdBy: string,
): Promise<{ id: number; token: string }> {
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`;
  const [{ id }] = await db.query<{ id: number }>(
    `INSERT INTO api_tokens (name, token_hash, programmes, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      name.trim(),
      hashOf(token),
      programmes === allProgrammes ? null : programmes,
      // As the audit log keeps who did it: a provider's subject may be of any length.
      auditText(createdBy, auditTextLimits.os_user),
      new Date(expiresAt),
    ],
  );
  return { id, token };
}

export async function listApiTokens(db: Queryable): Promise<StoredApiToken[]> {
  const rows = await db.query<TokenRow>(
    `SELECT id, name, programmes, created_at, created_by, expires_at, last_used_at, revoked_at
     FROM api_tokens ORDER BY id DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    programmes: row.programmes ?? allProgrammes,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    expiresAt: iso(row.expires_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  }));
}

/** Revokes it from now on (the first revocation's time is kept); its name, or undefined if none. */
export async function revokeApiToken(db: Queryable, id: number): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>(
    'UPDATE api_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING name',
    [id],
  );
  return row?.name;
}

/** The holder of `token` if it is known, unexpired and not revoked at `now`; notes its use. */
export async function authenticate(
  db: Queryable,
  token: string,
  now: Date,
): Promise<TokenHolder | undefined> {
  const [row] = await db.query<TokenRow>(
    `SELECT id, name, programmes, expires_at, last_used_at, revoked_at
     FROM api_tokens WHERE token_hash = $1`,
    [hashOf(token)],
  );
  if (!row || row.revoked_at !== null || new Date(row.expires_at) <= now) return undefined;
  const lastUse = row.last_used_at === null ? 0 : new Date(row.last_used_at).getTime();
  if (now.getTime() - lastUse >= lastUseResolutionMs) {
    // Asked again in the statement that writes it: of a burst that all read an old last use,
    // one writes it (the others wait on the row, then find it recent).
    await db.query(
      `UPDATE api_tokens SET last_used_at = $2 WHERE id = $1
       AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3))`,
      [row.id, now, lastUseResolutionMs / 1000],
    );
  }
  return { id: row.id, name: row.name, programmes: row.programmes };
}

/** How the audit log names a token's requests. */
export const tokenActor = ({ id, name }: TokenHolder) =>
  `api token ${JSON.stringify(name)} (#${id})`;
