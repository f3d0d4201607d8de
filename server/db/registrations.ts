/**
 * The registrations table: storing submissions (batched, idempotent), and what the staff do with
 * them: read them out, erase an applicant's, delete those past the retention period.
 */
import { columnOf } from './fieldColumns';
import { fieldNames, isStringField, type RegistrationValues } from '../../src/contract/fields';
import type { Language } from '../../src/contract/languages';
import { serverDefaults } from '../config';
import type { Database, Queryable } from './database';
import { createGroupCommit } from './groupCommit';
import { newRegistrationReference } from './registrationReference';
import { processingColumns, processingOf, type Processing, type ProcessingRow } from './processing';
import { queueWebhookEvents } from '../webhooks/webhookEvents';

export interface StoredRegistration extends RegistrationValues {
  id: number;
  /** The code the applicant quotes to the staff (migration 2 makes it). */
  reference: string;
  /** The page's language when it was sent, which the confirmation is written in. */
  language: Language;
  createdAt: Date;
}

/** A registration with its processing by the staff, as they read it. */
export type ProcessedRegistration = StoredRegistration & Processing;
export type ProcessedRow = RegistrationRow & ProcessingRow;

/** What became of a submission, once committed. */
export type SaveOutcome =
  /** Stored, and its confirmation queued. */
  | 'confirmation-queued'
  /** Stored without a confirmation: its mailbox has had its share of them (see below). */
  | 'address-limit'
  /** Stored without a confirmation: the hour's confirmations reached CONFIRMATIONS_PER_HOUR. */
  | 'hourly-limit'
  /** An identical registration was stored before: this one counts as it, and queues nothing. */
  | 'already-stored';

export interface RegistrationStore {
  /** Resolves once the registration (and its queued confirmation, if any) is committed. */
  save(values: RegistrationValues, language: Language): Promise<SaveOutcome>;
  /** Waits for submissions still being written. */
  drain(): Promise<void>;
}

/** The form's columns in the model's order: also the unique index that makes a resubmission a no-op. */
export const formColumns = fieldNames.map((name) => columnOf(name));

const columns = formColumns.join(', ');
/** The form's columns, then language and reference. */
const columnArrays = fieldNames
  .map((name, index) => `$${index + 1}::${isStringField(name) ? 'text' : 'boolean'}[]`)
  .concat(`$${fieldNames.length + 1}::text[]`, `$${fieldNames.length + 2}::text[]`)
  .join(', ');

/**
 * Anyone may type any address at EMAIL_DOMAIN, and the confirmation goes out in the institution's
 * name: a registration queues one only while its mailbox (registration_mailbox(): any letter
 * case, any +tag) has fewer than this many registrations from the past 24 hours, so that nobody
 * can flood a mailbox with it.
 */
export const confirmationsPerAddressPerDay = 3;

/**
 * Instances sharing a PostgreSQL count a mailbox's registrations one at a time: a lock per
 * mailbox until COMMIT (in a key space of this application's own), taken before the count's
 * snapshot, in one order so that two batches cannot deadlock. The applicant's other mail to a
 * mailbox (server/mail/mailboxCap.ts) takes the same locks. $1: the addresses, text[].
 */
const addressLockSpace = 7_301_955;
export const lockAddresses = `SELECT pg_advisory_xact_lock(${addressLockSpace}, key) FROM (
    SELECT DISTINCT hashtext(registration_mailbox(address)) AS key
    FROM unnest($1::text[]) AS address ORDER BY key
  ) AS keys`;

/**
 * How many registrations the mailbox (an SQL expression) has had in the past 24 hours: one range
 * of the index registrations_mailbox_day, whatever the day brought to other mailboxes.
 */
export const countMailboxToday = (mailbox: string) => `SELECT count(*) FROM registrations
      WHERE hashtext(registration_mailbox(email)) = hashtext(${mailbox})
        AND registration_mailbox(email) = ${mailbox}
        AND created_at > now() - interval '24 hours'`;

const perAddressLimit = `$${fieldNames.length + 3}`;
const perHourLimit = `$${fieldNames.length + 4}`;
const thisHour = `date_trunc('hour', now(), 'UTC')`;

/**
 * One statement for the whole batch: the new registrations and their queued confirmations (the
 * outbox). A duplicate (also within the batch) is skipped and queues nothing. The count of a
 * mailbox's registrations sees those committed before (the statement's snapshot), and the batch's
 * own are numbered on top of it; so are the hour's confirmations, whose count grows by those
 * queued. After the form's columns, language and reference come the limits per mailbox and per
 * hour. Returns the stored ones' references, whether each queued its confirmation, whether
 * its mailbox's limit let it, and whether the batch queued any webhook event.
 *
 * The hour's count is read in the snapshot too: instances writing at the same moment may each
 * queue one batch past CONFIRMATIONS_PER_HOUR. It is a ceiling against abuse, not a quota.
 */
const insertBatch = `WITH inserted AS (
    INSERT INTO registrations (${columns}, language, reference)
    SELECT * FROM unnest(${columnArrays})
    ON CONFLICT (${columns}) DO NOTHING
    RETURNING id, reference, degree_program, registration_mailbox(email) AS mailbox
  ), ${queueWebhookEvents('created_events', 'inserted', 'registration.created')}, numbered AS (
    SELECT id, reference, row_number() OVER (PARTITION BY mailbox ORDER BY id) + (
      ${countMailboxToday('inserted.mailbox')}
    ) AS nth_today
    FROM inserted
  ), mailbox_allows AS (
    SELECT id, row_number() OVER (ORDER BY id) + coalesce(
      (SELECT queued FROM confirmations_queued WHERE hour = ${thisHour}), 0
    ) AS nth_this_hour
    FROM numbered WHERE nth_today <= ${perAddressLimit}
  ), queued AS (
    INSERT INTO outbox (registration_id)
    SELECT id FROM mailbox_allows WHERE nth_this_hour <= ${perHourLimit}
    RETURNING registration_id
  ), counted AS (
    INSERT INTO confirmations_queued (hour, queued)
    SELECT ${thisHour}, count(*) FROM queued HAVING count(*) > 0
    ON CONFLICT (hour) DO UPDATE SET queued = confirmations_queued.queued + excluded.queued
  )
  SELECT reference, id IN (SELECT registration_id FROM queued) AS queued,
    id IN (SELECT id FROM mailbox_allows) AS mailbox_allows,
    EXISTS (SELECT FROM created_events) AS webhook_events_queued
  FROM numbered`;

const selectSince = `SELECT id, reference, language, created_at, ${columns}, ${processingColumns}
  FROM registrations WHERE created_at >= $1 ORDER BY id`;

/** Large enough to absorb a burst, small enough to keep one COMMIT short. */
const maxBatchSize = 256;

/**
 * On a PostgreSQL server the next batch waits at the database while one commits. PGlite's one
 * backend gains nothing from that: one batch at a time lets the next gather what arrives meanwhile
 * (bench:load, paired runs on PGlite: 2,363 and 2,491 stored a second with two, 2,970 and 2,790
 * with one).
 */
const batchesInFlight = (db: Database) => (db.concurrentWriters ? 2 : 1);

/** A reference clashing with one stored is rare (10^-7 a row at 100,000 rows): retry then. */
const maxAttempts = 3;

export type RegistrationRow = Record<string, unknown> & {
  id: number;
  reference: string;
  language: Language;
  created_at: Date;
};

interface Submission {
  values: RegistrationValues;
  language: Language;
}

/** Which applicant's registrations to erase. */
export type ApplicantCriterion = { email: string } | { reference: string };

export interface RegistrationStoreOptions {
  /** CONFIRMATIONS_PER_HOUR: beyond it, registrations are stored without a confirmation. */
  confirmationsPerHour?: number;
  /** Called after each committed batch that queued confirmations or webhook events. */
  onCommitted?: (queued: { confirmations: boolean; webhookEvents: boolean }) => void;
}

export function createRegistrationStore(
  db: Database,
  {
    confirmationsPerHour = serverDefaults.confirmationsPerHour,
    onCommitted,
  }: RegistrationStoreOptions = {},
): RegistrationStore {
  async function insert(
    batch: Submission[],
  ): Promise<{ outcomes: SaveOutcome[]; webhookEvents: boolean }> {
    const params = [
      ...fieldNames.map((name) => batch.map(({ values }) => values[name])),
      batch.map(({ language }) => language),
    ];
    const references = batch.map(() => newRegistrationReference());
    const store = (queryable: Queryable) =>
      queryable.query<{
        reference: string;
        queued: boolean;
        mailbox_allows: boolean;
        webhook_events_queued: boolean;
      }>(insertBatch, [...params, references, confirmationsPerAddressPerDay, confirmationsPerHour]);
    // On PGlite the one statement is alone: a transaction would only hold the next batch back.
    const stored = db.concurrentWriters
      ? await db.transaction(async (tx) => {
          await tx.query(lockAddresses, [batch.map(({ values }) => values.email)]);
          return store(tx);
        })
      : await store(db);
    const outcomes = new Map(
      stored.map((row): [string, SaveOutcome] => [
        row.reference,
        row.queued ? 'confirmation-queued' : row.mailbox_allows ? 'hourly-limit' : 'address-limit',
      ]),
    );
    return {
      outcomes: references.map((reference) => outcomes.get(reference) ?? 'already-stored'),
      webhookEvents: stored.some((row) => row.webhook_events_queued),
    };
  }

  const commits = createGroupCommit<Submission, SaveOutcome>(
    async (batch) => {
      for (let attempt = 1; ; attempt++) {
        try {
          const { outcomes, webhookEvents } = await insert(batch);
          const confirmations = outcomes.includes('confirmation-queued');
          if (confirmations || webhookEvents) onCommitted?.({ confirmations, webhookEvents });
          return outcomes;
        } catch (error) {
          if (attempt === maxAttempts || !isReferenceClash(error)) throw error;
        }
      }
    },
    { maxBatchSize, maxInFlight: batchesInFlight(db) },
  );

  return {
    save: (values, language) => commits.submit({ values, language }),
    drain: () => commits.drain(),
  };
}

function isReferenceClash(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' && message?.includes('registrations_reference') === true;
}

/**
 * The registrations received since `since` (all of them by default), oldest first, with their
 * processing.
 */
export async function readRegistrations(
  db: Queryable,
  since = new Date(0),
): Promise<ProcessedRegistration[]> {
  const rows = await db.query<ProcessedRow>(selectSince, [since]);
  return rows.map(toProcessedRegistration);
}

/**
 * Deletes the registrations that `where` picks, queueing their registration.erased events in the
 * same statement; how many went. A trigger records each erasure for the integration API's feed
 * (migration 11), whatever deletes the row.
 */
async function deleteRegistrations(db: Queryable, where: string, params: unknown[]) {
  // Two erasures of registrations paired as possible duplicates would each delete the pairs of
  // its own (and the staff's word on them) through their foreign keys, both ways, in no set
  // order, and deadlock: within the caller's transaction, both take their locks first, in one order.
  // The pairing (duplicatePairing.ts) locks the due rows first, then the pairs' registrations:
  // taking the due rows first too, an erasure waits for it rather than deadlock with it.
  await db.query(
    `SELECT FROM registration_pairing_due
     WHERE registration_id IN (SELECT id FROM registrations WHERE ${where})
     ORDER BY registration_id FOR UPDATE`,
    params,
  );
  await db.query(
    `SELECT FROM registration_duplicates
     WHERE registration_id IN (SELECT id FROM registrations WHERE ${where})
        OR other_id IN (SELECT id FROM registrations WHERE ${where})
     ORDER BY registration_id, other_id FOR UPDATE`,
    params,
  );
  await db.query(
    `SELECT FROM registration_duplicate_reviews
     WHERE registration_id IN (SELECT id FROM registrations WHERE ${where})
        OR other_id IN (SELECT id FROM registrations WHERE ${where})
     ORDER BY id FOR UPDATE`,
    params,
  );
  const [{ count }] = await db.query<{ count: number }>(
    `WITH erased AS (
       DELETE FROM registrations WHERE ${where} RETURNING id, reference, degree_program
     ), ${queueWebhookEvents('erased_events', 'erased', 'registration.erased')}
     SELECT count(*)::integer AS count FROM erased`,
    params,
  );
  return count;
}

/** Deletes every registration of one applicant (an address in any letter case); how many went. */
export function eraseRegistrations(db: Queryable, criterion: ApplicantCriterion): Promise<number> {
  return 'email' in criterion
    ? deleteRegistrations(db, 'lower(email) = lower($1)', [criterion.email.trim()])
    : deleteRegistrations(db, 'reference = upper($1)', [criterion.reference.trim()]);
}

/** Deletes the registrations received more than `retentionDays` days ago; how many went. */
export function purgeRegistrations(db: Queryable, retentionDays: number): Promise<number> {
  return deleteRegistrations(db, 'created_at < now() - make_interval(days => $1)', [retentionDays]);
}

/**
 * Deletes the records of erasures, of moves to another programme (which the erasures feed
 * lists too) and of the applicants' withdrawals (their assignees' notices), made more than
 * `retentionDays` days ago.
 */
export async function forgetPastErasures(db: Queryable, retentionDays: number): Promise<void> {
  await db.query('DELETE FROM erasures WHERE erased_at < now() - make_interval(days => $1)', [
    retentionDays,
  ]);
  await db.query(
    'DELETE FROM registration_moves WHERE moved_at < now() - make_interval(days => $1)',
    [retentionDays],
  );
  await db.query(
    'DELETE FROM registration_withdrawals WHERE withdrawn_at < now() - make_interval(days => $1)',
    [retentionDays],
  );
}

/** Deletes the hourly confirmation counts of hours more than a day past: none is read again. */
export async function forgetPastConfirmationCounts(db: Queryable): Promise<void> {
  await db.query("DELETE FROM confirmations_queued WHERE hour < now() - interval '1 day'");
}

export function toStoredRegistration(row: RegistrationRow): StoredRegistration {
  const values = Object.fromEntries(fieldNames.map((name) => [name, row[columnOf(name)]]));
  return {
    id: row.id,
    reference: row.reference,
    language: row.language,
    // new Date(): under Jest a Date from the PGlite worker thread belongs to another realm.
    createdAt: new Date(row.created_at),
    ...(values as RegistrationValues),
  };
}

export const toProcessedRegistration = (row: ProcessedRow): ProcessedRegistration => ({
  ...toStoredRegistration(row),
  ...processingOf(row),
});
