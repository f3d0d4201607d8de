/** The registrations table: storing submissions (batched, idempotent) and reading them for export. */
import {
  fieldNames,
  fieldSpec,
  isStringField,
  type RegistrationValues,
} from '../../src/features/registration/fields';
import type { Database } from './database';
import { createGroupCommit } from './groupCommit';

export interface StoredRegistration extends RegistrationValues {
  id: number;
  createdAt: Date;
}

export interface RegistrationStore {
  /** Resolves once the registration is committed; an identical one already stored counts as it. */
  save(values: RegistrationValues): Promise<void>;
  /** Every stored registration, oldest first, read a page at a time. */
  all(pageSize?: number): AsyncIterable<StoredRegistration>;
  /** Waits for submissions still being written. */
  drain(): Promise<void>;
}

/** The form's columns in the model's order: also the unique index that makes a resubmission a no-op. */
export const formColumns = fieldNames.map((name) => fieldSpec(name).column);

const columns = formColumns.join(', ');
const columnArrays = fieldNames
  .map((name, index) => `$${index + 1}::${isStringField(name) ? 'text' : 'boolean'}[]`)
  .join(', ');

/** One statement, one transaction for the whole batch; a duplicate (also within it) is skipped. */
const insertBatch = `INSERT INTO registrations (${columns})
  SELECT * FROM unnest(${columnArrays})
  ON CONFLICT (${columns}) DO NOTHING`;

const selectPage = `SELECT id, created_at, ${columns} FROM registrations
  WHERE id > $1 ORDER BY id LIMIT $2`;

/** Large enough to absorb a burst, small enough to keep one COMMIT short. */
const maxBatchSize = 256;

type RegistrationRow = Record<string, unknown> & { id: number; created_at: Date };

export function createRegistrationStore(db: Database): RegistrationStore {
  const commits = createGroupCommit<RegistrationValues>(async (batch) => {
    await db.query(
      insertBatch,
      fieldNames.map((name) => batch.map((values) => values[name])),
    );
  }, maxBatchSize);

  return {
    save: (values) => commits.submit(values),
    async *all(pageSize = 500) {
      let lastId = 0;
      for (;;) {
        const rows = await db.query<RegistrationRow>(selectPage, [lastId, pageSize]);
        for (const row of rows) yield toStoredRegistration(row);
        if (rows.length < pageSize) return;
        lastId = rows[rows.length - 1].id;
      }
    },
    drain: () => commits.drain(),
  };
}

function toStoredRegistration(row: RegistrationRow): StoredRegistration {
  const values = Object.fromEntries(fieldNames.map((name) => [name, row[fieldSpec(name).column]]));
  // new Date(): under Jest a Date from the PGlite worker thread belongs to another realm.
  return { id: row.id, createdAt: new Date(row.created_at), ...(values as RegistrationValues) };
}
