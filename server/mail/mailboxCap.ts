/**
 * The cap of emails per mailbox a day (confirmationsPerAddressPerDay), for the applicant's mail
 * besides the confirmation: the links sent on request and "your registration was updated". The
 * mailbox's registrations of the past 24 hours count (their confirmations) and the mail this
 * ledger records (applicant_link_requests, by a keyed hash of the mailbox, kept a day), together.
 *
 * A mailbox is counted one transaction at a time: the caller takes its lock (lockMailboxes, the
 * registrations' own, so that a registration stored meanwhile waits too), then takeMailboxSends
 * counts and records in one statement.
 */
import type { Queryable } from '../db/database';
import {
  confirmationsPerAddressPerDay,
  countMailboxToday,
  lockAddresses,
} from '../db/registrations';
import { subjectHash } from '../operations/auditLog';

/** Locks the addresses' mailboxes until the transaction ends (inside a transaction only). */
export async function lockMailboxes(tx: Queryable, addresses: string[]): Promise<void> {
  await tx.query(lockAddresses, [addresses]);
}

/** A mailbox (as registration_mailbox names it) as the ledger keeps it: by a keyed hash. */
const mailboxHashOf = (secret: string, mailbox: string) =>
  subjectHash(secret, `mailbox ${mailbox}`);

/** The mailbox `address` reaches, and its keyed hash as the ledger keeps it. */
async function mailboxOf(tx: Queryable, secret: string, address: string) {
  const [{ mailbox }] = await tx.query<{ mailbox: string }>(
    'SELECT registration_mailbox($1) AS mailbox',
    [address.trim()],
  );
  return { mailbox, mailboxHash: mailboxHashOf(secret, mailbox) };
}

/**
 * Records up to `wanted` emails to `address`'s mailbox, as many as its cap still allows today, in
 * the statement that counts them; resolves with how many it may be sent.
 */
export async function takeMailboxSends(
  tx: Queryable,
  secret: string,
  address: string,
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  const { mailbox, mailboxHash } = await mailboxOf(tx, secret, address);
  await tx.query(`DELETE FROM applicant_link_requests WHERE at < now() - interval '1 day'`);
  const taken = await tx.query(
    `INSERT INTO applicant_link_requests (mailbox_hash)
     SELECT $2 FROM generate_series(1, $3::integer) AS n
     WHERE n <= $4::integer - (
       (${countMailboxToday('$1::text')})
       + (SELECT count(*) FROM applicant_link_requests
          WHERE mailbox_hash = $2 AND at > now() - interval '1 day')
     )
     RETURNING 1`,
    [mailbox, mailboxHash, wanted, confirmationsPerAddressPerDay],
  );
  return taken.length;
}

/**
 * Records one email to `address`'s mailbox whatever the cap says: an officer's request is sent,
 * and still counts against what the applicant's own asking may send today.
 */
export async function recordMailboxSend(tx: Queryable, secret: string, address: string) {
  const { mailboxHash } = await mailboxOf(tx, secret, address);
  await tx.query('INSERT INTO applicant_link_requests (mailbox_hash) VALUES ($1)', [mailboxHash]);
}

/**
 * As recordMailboxSend, one email to each of `mailboxes` (as registration_mailbox names them, a
 * mailbox once for each email) in one statement: a request to many at once.
 */
export async function recordMailboxesSends(tx: Queryable, secret: string, mailboxes: string[]) {
  await tx.query('INSERT INTO applicant_link_requests (mailbox_hash) SELECT unnest($1::text[])', [
    mailboxes.map((mailbox) => mailboxHashOf(secret, mailbox)),
  ]);
}
