/**
 * The staff console's sessions, kept in the database so that every instance sharing it (and the
 * secret) knows them. A session ends after 30 minutes without a request, 8 hours after sign-in,
 * or at sign-out. Times come from the app's clock, so that tests can move it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { DegreeProgram, StaffAccess } from './access';

export const idleTimeoutMs = 30 * 60 * 1000;
export const absoluteTimeoutMs = 8 * 60 * 60 * 1000;

export interface StaffPerson extends StaffAccess {
  /** The provider's subject identifier: who, for the audit log. */
  subject: string;
  email: string;
  name: string;
}

export interface StaffSession extends StaffPerson {
  /** Sent back to the provider at sign-out (RP-initiated logout). */
  idToken: string;
}

interface SessionRow {
  subject: string;
  email: string;
  name: string;
  admin: boolean;
  programmes: DegreeProgram[];
  id_token: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionStore(db: Queryable, now: () => Date = () => new Date()) {
  const idleSince = () => new Date(now().getTime() - idleTimeoutMs);
  const signedInSince = () => new Date(now().getTime() - absoluteTimeoutMs);

  return {
    /** Starts a session; resolves with the token for the browser's cookie. */
    async start(person: StaffPerson, idToken: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // Ended sessions go as new ones begin: the table stays as small as the staff.
      await db.query('DELETE FROM staff_sessions WHERE last_seen_at < $1 OR created_at < $2', [
        idleSince(),
        signedInSince(),
      ]);
      await db.query(
        `INSERT INTO staff_sessions
           (token_hash, subject, email, name, admin, programmes, id_token, created_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [
          hashOf(token),
          person.subject,
          person.email,
          person.name,
          person.admin,
          person.programmes,
          idToken,
          now(),
        ],
      );
      return token;
    },

    /** The session the token opens, kept alive by this request; undefined once it has ended. */
    async find(token: string): Promise<StaffSession | undefined> {
      const [row] = await db.query<SessionRow>(
        `UPDATE staff_sessions SET last_seen_at = $2
         WHERE token_hash = $1 AND last_seen_at >= $3 AND created_at >= $4
         RETURNING subject, email, name, admin, programmes, id_token`,
        [hashOf(token), now(), idleSince(), signedInSince()],
      );
      return row && toSession(row);
    },

    /** Ends the session; resolves with it, for the sign-out at the provider. */
    async end(token: string): Promise<StaffSession | undefined> {
      const [row] = await db.query<SessionRow>(
        `DELETE FROM staff_sessions WHERE token_hash = $1
         RETURNING subject, email, name, admin, programmes, id_token`,
        [hashOf(token)],
      );
      return row && toSession(row);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

function toSession(row: SessionRow): StaffSession {
  return {
    subject: row.subject,
    email: row.email,
    name: row.name,
    admin: row.admin,
    programmes: row.programmes,
    idToken: row.id_token,
  };
}
