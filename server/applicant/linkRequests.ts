/**
 * "Send me my link again": each registration of the address gets a new link, the old ones stop
 * working. Within the cap of emails per mailbox a day that the confirmations keep (their
 * registrations of the past 24 hours count, and the links sent on request), so that nobody can
 * flood a mailbox with it. The mailbox is kept as a keyed hash, and for a day only.
 */
import type { Database } from '../db/database';
import { confirmationsPerAddressPerDay } from '../db/registrations';
import { queueLinkMail } from '../mail/applicantMail';
import { subjectHash } from '../operations/auditLog';
import { issueLink, type LinkSettings } from './applicantLinks';

/** Resolves with how many links were queued (never told to the client). */
export function requestLinks(
  db: Database,
  email: string,
  settings: LinkSettings,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const registrations = await tx.query<{ id: number; mailbox: string }>(
      `SELECT id, registration_mailbox(email) AS mailbox FROM registrations
       WHERE lower(email) = lower($1) ORDER BY id`,
      [email.trim()],
    );
    if (registrations.length === 0) return 0;
    const { mailbox } = registrations[0];
    const mailboxHash = subjectHash(settings.secret, `mailbox ${mailbox}`);
    await tx.query(`DELETE FROM applicant_link_requests WHERE at < now() - interval '1 day'`);
    const [{ sent }] = await tx.query<{ sent: number }>(
      `SELECT (SELECT count(*) FROM registrations
                WHERE hashtext(registration_mailbox(email)) = hashtext($1)
                  AND registration_mailbox(email) = $1
                  AND created_at > now() - interval '24 hours')::integer
            + (SELECT count(*) FROM applicant_link_requests WHERE mailbox_hash = $2)::integer
         AS sent`,
      [mailbox, mailboxHash],
    );
    const allowed = registrations.slice(0, Math.max(0, confirmationsPerAddressPerDay - sent));
    for (const { id } of allowed) {
      const link = await issueLink(tx, id, settings, now);
      await queueLinkMail(tx, id, link.id);
      await tx.query('INSERT INTO applicant_link_requests (mailbox_hash) VALUES ($1)', [
        mailboxHash,
      ]);
    }
    return allowed.length;
  });
}
