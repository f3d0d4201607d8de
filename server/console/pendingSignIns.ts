/**
 * Sign-ins under way, between /staff/login and /staff/callback, kept in the database: the state,
 * nonce and PKCE verifier never leave the server, and the browser's cookie holds only a random key
 * to one of them. Each is taken once, and only within 10 minutes of its start.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashOf } from './sessions';

/** Long enough to type a password and answer a second factor. */
export const signInMaxAgeMs = 10 * 60 * 1000;

export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  /** The console's page to come back to. */
  returnTo: string;
}

export function createPendingSignIns(db: Queryable, now: () => Date = () => new Date()) {
  const startedSince = () => new Date(now().getTime() - signInMaxAgeMs);

  return {
    /** Keeps the sign-in; resolves with the key for the browser's cookie. */
    async begin(pending: PendingSignIn): Promise<string> {
      const key = randomBytes(32).toString('base64url');
      // Abandoned sign-ins go as new ones begin.
      await db.query('DELETE FROM staff_sign_ins WHERE created_at < $1', [startedSince()]);
      await db.query(
        `INSERT INTO staff_sign_ins (key_hash, state, nonce, verifier, return_to, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [hashOf(key), pending.state, pending.nonce, pending.verifier, pending.returnTo, now()],
      );
      return key;
    },

    /** The sign-in the key names, gone from the store; undefined if used, aged or never begun. */
    async take(key: string): Promise<PendingSignIn | undefined> {
      const [row] = await db.query<PendingSignIn & { startedAt: Date }>(
        `DELETE FROM staff_sign_ins WHERE key_hash = $1
         RETURNING state, nonce, verifier, return_to AS "returnTo", created_at AS "startedAt"`,
        [hashOf(key)],
      );
      if (!row || new Date(row.startedAt) < startedSince()) return undefined;
      const { state, nonce, verifier, returnTo } = row;
      return { state, nonce, verifier, returnTo };
    },
  };
}

export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
