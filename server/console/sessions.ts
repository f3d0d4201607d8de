/**
 * The staff console's sessions, kept in the database so that every instance sharing it knows them.
 * A session ends after 30 minutes without a request, 8 hours after sign-in, at sign-out, or when
 * the staff end every session of its person (`npm run end-sessions`). It keeps who the person is
 * and their groups, never what the groups grant: that is read from today's STAFF_ACCESS at each
 * request. It opens only for the provider and client it was made under. Times come from the app's
 * clock, so that tests can move it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { StaffAccess } from './access';

export const idleTimeoutMs = 30 * 60 * 1000;
export const absoluteTimeoutMs = 8 * 60 * 60 * 1000;

export interface StaffPerson {
  /** The provider's subject identifier: who, for the audit log. */
  subject: string;
  email: string;
  /** Whether the provider vouches for the email: only then does the audit log name it. */
  emailVerified: boolean;
  name: string;
  /** The provider's groups claim, as it was at sign-in. */
  groups: string[];
}

/** The provider and client a session is made under, and opens under. */
export interface SessionIssuer {
  issuer: string;
  clientId: string;
}

export type StaffSession = StaffPerson & SessionIssuer;

interface SessionRow {
  subject: string;
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
  issuer: string;
  client_id: string;
}

const returnedColumns = 'subject, email, email_verified, name, groups, issuer, client_id';

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionStore(
  db: Queryable,
  { issuer, clientId }: SessionIssuer,
  now: () => Date = () => new Date(),
) {
  const idleSince = () => new Date(now().getTime() - idleTimeoutMs);
  const signedInSince = () => new Date(now().getTime() - absoluteTimeoutMs);

  return {
    /**
     * Starts a session; resolves with the token for the browser's cookie. `access` is written for
     * the previous release's instances during a rolling upgrade, which read it; this one does not.
     */
    async start(person: StaffPerson, access: StaffAccess): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // Ended sessions go as new ones begin: the table stays as small as the staff.
      await db.query('DELETE FROM staff_sessions WHERE last_seen_at < $1 OR created_at < $2', [
        idleSince(),
        signedInSince(),
      ]);
      await db.query(
        `INSERT INTO staff_sessions
           (token_hash, subject, email, email_verified, name, groups, issuer, client_id,
            admin, programmes, id_token, created_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '', $11, $11)`,
        [
          hashOf(token),
          person.subject,
          person.email,
          person.emailVerified,
          person.name,
          person.groups,
          issuer,
          clientId,
          access.admin,
          access.programmes,
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
           AND issuer = $5 AND client_id = $6
         RETURNING ${returnedColumns}`,
        [hashOf(token), now(), idleSince(), signedInSince(), issuer, clientId],
      );
      return row && toSession(row);
    },

    /** Ends the session; resolves with it, for the audit log and the sign-out at the provider. */
    async end(token: string): Promise<StaffSession | undefined> {
      const [row] = await db.query<SessionRow>(
        `DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING ${returnedColumns}`,
        [hashOf(token)],
      );
      return row && toSession(row);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** Ends every session of the person the provider calls `subject`; resolves with how many. */
export async function endSessionsOf(db: Queryable, subject: string): Promise<number> {
  const ended = await db.query('DELETE FROM staff_sessions WHERE subject = $1 RETURNING 1', [
    subject,
  ]);
  return ended.length;
}

function toSession(row: SessionRow): StaffSession {
  return {
    subject: row.subject,
    email: row.email,
    emailVerified: row.email_verified,
    name: row.name,
    groups: row.groups,
    issuer: row.issuer,
    clientId: row.client_id,
  };
}
