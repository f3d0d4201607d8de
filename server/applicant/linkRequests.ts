/**
 * "Send me my link again": each registration of the address gets a new link, the old ones stop
 * working. Within the cap of emails per mailbox a day that the confirmations keep (their
 * registrations of the past 24 hours count, and the links sent on request), so that nobody can
 * flood a mailbox with it: counted under the mailbox's lock, in the statement that records them
 * (mailboxCap.ts), so that requests arriving together cannot each find room. The mailbox is kept
 * as a keyed hash, and for a day only.
 */
import type { Database } from '../db/database';
import { queueLinkMail } from '../mail/applicantMail';
import { lockMailboxes, takeMailboxSends } from '../mail/mailboxCap';
import { issueLink, type LinkSettings } from './applicantLinks';

/** Resolves with how many links were queued (never told to the client). */
export function requestLinks(
  db: Database,
  email: string,
  settings: LinkSettings,
  now: Date,
): Promise<number> {
  const address = email.trim();
  return db.transaction(async (tx) => {
    await lockMailboxes(tx, [address]);
    const registrations = await tx.query<{ id: number }>(
      'SELECT id FROM registrations WHERE lower(email) = lower($1) ORDER BY id',
      [address],
    );
    if (registrations.length === 0) return 0;
    const sends = await takeMailboxSends(tx, settings.secret, address, registrations.length);
    for (const { id } of registrations.slice(0, sends)) {
      const link = await issueLink(tx, id, settings, now);
      await queueLinkMail(tx, id, link.id);
    }
    return sends;
  });
}
