/**
 * The applicant's own links (issue 34). A link's token is 256 bits, derived from a random nonce
 * with a key from the server's secret: the database keeps the nonce and the token's hash, never
 * the token, so that neither a copy of the database nor the secret alone opens a link; the outbox
 * derives the token again when it writes the email. A registration has one link at a time: a new
 * one replaces the old, whose sessions and queued mail go with it (ON DELETE CASCADE). An email
 * that leaves soon after another reason to send one reuses its link (carryLinks).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { applicantLinkPath, birthdayTries } from '../../src/contract/applicantPaths';
import { pathIn, type Language } from '../../src/contract/languages';
import type { ApplicantLink } from '../mail/applicantLinkParts';

export interface LinkSettings {
  /** The server's secret, from which the tokens' key is derived. */
  secret: string;
  /** APPLICANT_LINK_DAYS. */
  days: number;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function tokenOf(secret: string, nonce: string): string {
  const key = createHmac('sha256', secret).update('applicant link').digest();
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Gives each registration of `registrationIds` a new link, in place of any it had, in one
 * statement: the outbox issues a claimed batch's links at once, not two statements a message.
 * Resolves with each one's link, by registration id.
 */
export async function issueLinks(
  db: Queryable,
  registrationIds: number[],
  { secret, days }: LinkSettings,
  now: Date,
): Promise<Map<number, { id: number; token: string }>> {
  const nonces = registrationIds.map(() => randomBytes(32).toString('base64url'));
  const tokens = nonces.map((nonce) => tokenOf(secret, nonce));
  const rows = await db.query<{ id: number; registration_id: number }>(
    `WITH replaced AS (
       DELETE FROM applicant_links WHERE registration_id = ANY($1::integer[])
     )
     INSERT INTO applicant_links (registration_id, token_hash, nonce, created_at, expires_at)
     SELECT registration_id, token_hash, nonce, $4, $5
     FROM unnest($1::integer[], $2::text[], $3::text[]) AS link (registration_id, token_hash, nonce)
     RETURNING id, registration_id`,
    [registrationIds, tokens.map(tokenHash), nonces, now, new Date(now.getTime() + days * dayMs)],
  );
  const tokenOfRegistration = new Map(registrationIds.map((id, index) => [id, tokens[index]]));
  return new Map(
    rows.map((row) => [
      row.registration_id,
      { id: row.id, token: tokenOfRegistration.get(row.registration_id)! },
    ]),
  );
}

/** Gives registration `registrationId` a new link, in place of any it had; resolves with it. */
export async function issueLink(
  db: Queryable,
  registrationId: number,
  settings: LinkSettings,
  now: Date,
): Promise<{ id: number; token: string }> {
  const links = await issueLinks(db, [registrationId], settings, now);
  return links.get(registrationId)!;
}

/** A registration whose email is leaving with a link made no earlier than `since`. */
export interface LinkWanted {
  registrationId: number;
  since: Date;
}

/**
 * The link each email of `wanted` carries as it leaves, by registration id: the registration's
 * newest link that still opens and was made at or after `since` (the email's reason: its request,
 * its registration), else a new one in place of any it had. So two emails with a reason to carry
 * a fresh link, queued close together (a confirmation still queued when a request is made), carry
 * the same working link, whichever leaves last. Sent together from two instances, each may make
 * one: both then open, until the next replaces them.
 */
export async function carryLinks(
  db: Queryable,
  wanted: LinkWanted[],
  { secret, days }: LinkSettings,
  now: Date,
): Promise<Map<number, { id: number; token: string }>> {
  const nonces = wanted.map(() => randomBytes(32).toString('base64url'));
  const rows = await db.query<{ id: number; registration_id: number; nonce: string }>(
    `WITH wanted AS (
       SELECT * FROM unnest($1::integer[], $2::timestamptz[], $3::text[], $4::text[])
         AS wanted (registration_id, since, token_hash, nonce)
     ), kept AS (
       SELECT DISTINCT ON (links.registration_id) links.id, links.registration_id, links.nonce
       FROM applicant_links AS links JOIN wanted USING (registration_id)
       WHERE links.created_at >= wanted.since AND ${linkOpens('links', '$5')}
       ORDER BY links.registration_id, links.id DESC
     ), fresh AS (
       SELECT * FROM wanted WHERE registration_id NOT IN (SELECT registration_id FROM kept)
     ), replaced AS (
       DELETE FROM applicant_links WHERE registration_id IN (SELECT registration_id FROM fresh)
     ), made AS (
       INSERT INTO applicant_links (registration_id, token_hash, nonce, created_at, expires_at)
       SELECT registration_id, token_hash, nonce, $5, $6 FROM fresh
       RETURNING id, registration_id, nonce
     )
     SELECT id, registration_id, nonce FROM kept UNION ALL SELECT * FROM made`,
    [
      wanted.map(({ registrationId }) => registrationId),
      wanted.map(({ since }) => since.toISOString()),
      nonces.map((nonce) => tokenHash(tokenOf(secret, nonce))),
      nonces,
      now,
      new Date(now.getTime() + days * dayMs),
    ],
  );
  return new Map(
    rows.map((row) => [row.registration_id, { id: row.id, token: tokenOf(secret, row.nonce) }]),
  );
}

/** The token of link `linkId`, for its email; undefined when it has been replaced or erased. */
export async function tokenOfLink(
  db: Queryable,
  secret: string,
  linkId: number,
): Promise<string | undefined> {
  const [row] = await db.query<{ nonce: string }>(
    'SELECT nonce FROM applicant_links WHERE id = $1',
    [linkId],
  );
  return row && tokenOf(secret, row.nonce);
}

/** The SQL condition of a link that still opens: not expired, not locked. */
export const linkOpens = (table: string, now: string) =>
  `${table}.expires_at > ${now} AND ${table}.wrong_birthdays < ${birthdayTries}`;

/** The link the token opens, if it still does. */
export async function findOpenLink(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ id: number } | undefined> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM applicant_links
     WHERE token_hash = $1 AND ${linkOpens('applicant_links', '$2')}`,
    [tokenHash(token), now],
  );
  return row;
}

/**
 * The language of the registration whose link the token is, whether or not it still opens
 * (expired, locked): the page that says so speaks it. Undefined once the link is gone.
 */
export async function languageOfLink(db: Queryable, token: string): Promise<Language | undefined> {
  const [row] = await db.query<{ language: Language }>(
    `SELECT registrations.language FROM applicant_links
     JOIN registrations ON registrations.id = applicant_links.registration_id
     WHERE applicant_links.token_hash = $1`,
    [tokenHash(token)],
  );
  return row?.language;
}

/**
 * Takes one of link `linkId`'s birthday tries before the birthday is compared, in the statement
 * that checks there is one left: however many requests arrive together, in one session or in
 * several, at most `birthdayTries` are ever compared. Resolves with the tries left after this one,
 * or undefined when the link is locked (none was left).
 */
export async function takeBirthdayTry(db: Queryable, linkId: number): Promise<number | undefined> {
  const [row] = await db.query<{ wrong_birthdays: number }>(
    `UPDATE applicant_links SET wrong_birthdays = wrong_birthdays + 1
     WHERE id = $1 AND wrong_birthdays < $2 RETURNING wrong_birthdays`,
    [linkId, birthdayTries],
  );
  return row && birthdayTries - row.wrong_birthdays;
}

/**
 * Gives back the try a right birthday took: only wrong ones lock a link, so that an applicant who
 * opens it again on another day is not locked out by their own right answers. While a right one
 * is being compared its try is taken, so the tries compared at once never exceed the limit.
 */
export async function returnBirthdayTry(db: Queryable, linkId: number): Promise<void> {
  await db.query(
    `UPDATE applicant_links SET wrong_birthdays = wrong_birthdays - 1
     WHERE id = $1 AND wrong_birthdays > 0`,
    [linkId],
  );
}

/** The links as the emails carry them (PUBLIC_URL/my/<token>): the outbox's sender makes them. */
export interface ApplicantLinkIssuer {
  /** The links the emails of `wanted` carry (carryLinks), by registration id. */
  carry(wanted: LinkWanted[]): Promise<Map<number, ApplicantLink>>;
  /** Link `linkId`, queued with its email; undefined once it has been replaced or erased. */
  find(linkId: number): Promise<ApplicantLink | undefined>;
  /** The registration form in `language`: the way back after a withdrawal. */
  startPage(language: Language): string;
  /** Registration `registrationId`'s page in the staff console: the assignee's notice links it. */
  consolePage(registrationId: number): string;
}

export function createLinkIssuer(
  db: Queryable,
  publicUrl: URL,
  settings: LinkSettings,
  now: () => Date,
): ApplicantLinkIssuer {
  const linkOf = (token: string): ApplicantLink => ({
    url: new URL(applicantLinkPath(token), publicUrl).href,
    days: settings.days,
  });
  return {
    async carry(wanted) {
      const links = await carryLinks(db, wanted, settings, now());
      return new Map([...links].map(([id, { token }]) => [id, linkOf(token)]));
    },
    async find(linkId) {
      const token = await tokenOfLink(db, settings.secret, linkId);
      return token === undefined ? undefined : linkOf(token);
    },
    startPage: (language) => new URL(pathIn(language, '/'), publicUrl).href,
    consolePage: (registrationId) => new URL(`/staff/${registrationId}`, publicUrl).href,
  };
}
