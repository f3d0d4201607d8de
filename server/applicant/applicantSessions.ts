/**
 * The sessions a link opens: in the database, so that every instance knows them; ended after 30
 * minutes without a request, and with their link (expired, replaced, erased). The cookie holds a
 * random token, the table its hash. Times come from the app's clock, so that tests can move it.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { applicantSessionIdleMinutes } from '../../src/contract/applicantPaths';
import { tokenHash } from './applicantLinks';

const idleMs = applicantSessionIdleMinutes * 60 * 1000;

export interface ApplicantSession {
  linkId: number;
  registrationId: number;
  /** Whether the birthday has been given in this session. */
  verified: boolean;
}

interface SessionRow {
  link_id: number;
  registration_id: number;
  verified: boolean;
}

export function createApplicantSessions(db: Queryable, now: () => Date) {
  const idleSince = () => new Date(now().getTime() - idleMs);
  return {
    /** Starts a session on link `linkId`; resolves with the token for the cookie. */
    async start(linkId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      // Ended sessions go as new ones begin.
      await db.query('DELETE FROM applicant_sessions WHERE last_seen_at < $1', [idleSince()]);
      await db.query(
        `INSERT INTO applicant_sessions (token_hash, link_id, last_seen_at) VALUES ($1, $2, $3)`,
        [tokenHash(token), linkId, now()],
      );
      return token;
    },

    /** The session the token opens, kept alive by this request; undefined once it has ended. */
    async find(token: string): Promise<ApplicantSession | undefined> {
      const [row] = await db.query<SessionRow>(
        `UPDATE applicant_sessions SET last_seen_at = $2
         FROM applicant_links
         WHERE applicant_sessions.token_hash = $1 AND applicant_sessions.last_seen_at >= $3
           AND applicant_links.id = applicant_sessions.link_id
           AND applicant_links.expires_at > $2
         RETURNING applicant_sessions.link_id, applicant_links.registration_id,
           applicant_sessions.verified`,
        [tokenHash(token), now(), idleSince()],
      );
      return (
        row && {
          linkId: row.link_id,
          registrationId: row.registration_id,
          verified: row.verified,
        }
      );
    },

    /** Ends the session the token opens (signed out), if any. */
    async end(token: string): Promise<void> {
      await db.query('DELETE FROM applicant_sessions WHERE token_hash = $1', [tokenHash(token)]);
    },

    async markVerified(token: string): Promise<void> {
      await db.query('UPDATE applicant_sessions SET verified = true WHERE token_hash = $1', [
        tokenHash(token),
      ]);
    },
  };
}

export type ApplicantSessions = ReturnType<typeof createApplicantSessions>;
