/**
 * The registrations table: storing submissions (batched, idempotent), and what the staff do with
 * them: read them out, erase an applicant's, delete those past the retention period.
 */
import {
  fieldNames,
  fieldSpec,
  isStringField,
  type RegistrationValues,
} from '../../src/features/registration/fields';
import type { Language } from '../../src/features/language/languages';
import type { Database, Queryable } from './database';
import { createGroupCommit } from './groupCommit';
import { newRegistrationReference } from './registrationReference';

export interface StoredRegistration extends RegistrationValues {
  id: number;
  /** The code the applicant quotes to the staff (migration 2 makes it). */
  reference: string;
  /** The page's language when it was sent, which the confirmation is written in. */
  language: Language;
  createdAt: Date;
}

export interface RegistrationStore {
  /**
   * Resolves once the registration and its queued confirmation are committed; an identical one
   * already stored counts as it, and queues nothing.
   */
  save(values: RegistrationValues, language: Language): Promise<void>;
  /** Waits for submissions still being written. */
  drain(): Promise<void>;
}

/** The form's columns in the model's order: also the unique index that makes a resubmission a no-op. */
export const formColumns = fieldNames.map((name) => fieldSpec(name).column);

const columns = formColumns.join(', ');
/** The form's columns, then language and reference. */
const columnArrays = fieldNames
  .map((name, index) => `$${index + 1}::${isStringField(name) ? 'text' : 'boolean'}[]`)
  .concat(`$${fieldNames.length + 1}::text[]`, `$${fieldNames.length + 2}::text[]`)
  .join(', ');

/**
 * One statement, one transaction for the whole batch: the new registrations and their queued
 * confirmations (the outbox). A duplicate (also within the batch) is skipped and queues nothing.
 */
const insertBatch = `WITH inserted AS (
    INSERT INTO registrations (${columns}, language, reference)
    SELECT * FROM unnest(${columnArrays})
    ON CONFLICT (${columns}) DO NOTHING
    RETURNING id
  )
  INSERT INTO outbox (registration_id) SELECT id FROM inserted`;

const selectSince = `SELECT id, reference, language, created_at, ${columns} FROM registrations
  WHERE created_at >= $1 ORDER BY id`;

/**
 * Large enough to absorb a burst, small enough to keep one COMMIT short; the next batch waits at
 * the database while one commits.
 */
const batching = { maxBatchSize: 256, maxInFlight: 2 };

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
  /** Called after each committed batch: confirmations are waiting in the outbox. */
  onCommitted?: () => void;
}

export function createRegistrationStore(
  db: Database,
  { onCommitted }: RegistrationStoreOptions = {},
): RegistrationStore {
  const commits = createGroupCommit<Submission>(async (batch) => {
    const params = [
      ...fieldNames.map((name) => batch.map(({ values }) => values[name])),
      batch.map(({ language }) => language),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        await db.query(insertBatch, [...params, batch.map(() => newRegistrationReference())]);
        onCommitted?.();
        return;
      } catch (error) {
        if (attempt === maxAttempts || !isReferenceClash(error)) throw error;
      }
    }
  }, batching);

  return {
    save: (values, language) => commits.submit({ values, language }),
    drain: () => commits.drain(),
  };
}

function isReferenceClash(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' && message?.includes('registrations_reference') === true;
}

/** The registrations received since `since` (all of them by default), oldest first. */
export async function readRegistrations(
  db: Queryable,
  since = new Date(0),
): Promise<StoredRegistration[]> {
  const rows = await db.query<RegistrationRow>(selectSince, [since]);
  return rows.map(toStoredRegistration);
}

/** Deletes every registration of one applicant (an address in any letter case); how many went. */
export async function eraseRegistrations(
  db: Queryable,
  criterion: ApplicantCriterion,
): Promise<number> {
  const rows =
    'email' in criterion
      ? await db.query('DELETE FROM registrations WHERE lower(email) = lower($1) RETURNING id', [
          criterion.email.trim(),
        ])
      : await db.query('DELETE FROM registrations WHERE reference = upper($1) RETURNING id', [
          criterion.reference.trim(),
        ]);
  return rows.length;
}

/** Deletes the registrations received more than `retentionDays` days ago; how many went. */
export async function purgeRegistrations(db: Queryable, retentionDays: number): Promise<number> {
  const rows = await db.query(
    'DELETE FROM registrations WHERE created_at < now() - make_interval(days => $1) RETURNING id',
    [retentionDays],
  );
  return rows.length;
}

export function toStoredRegistration(row: RegistrationRow): StoredRegistration {
  const values = Object.fromEntries(fieldNames.map((name) => [name, row[fieldSpec(name).column]]));
  return {
    id: row.id,
    reference: row.reference,
    language: row.language,
    // new Date(): under Jest a Date from the PGlite worker thread belongs to another realm.
    createdAt: new Date(row.created_at),
    ...(values as RegistrationValues),
  };
}
