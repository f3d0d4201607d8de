/**
 * A registration's processing by the staff (migration 7): its state, who has it and its version,
 * read with the registration's own columns wherever the staff read it (the console, the exports).
 */
import type { ProcessingState } from '../../src/contract/processing';

/** A staff member as the processing names them. */
export interface Person {
  subject: string;
  name: string;
}

export interface Processing {
  state: ProcessingState;
  /** Who has it, or null: nobody. */
  assignee: Person | null;
  /** Increased by every change. */
  version: number;
}

/**
 * The processing's columns for a query on `registrations`; the assignee's name is the one their
 * last sign-in gave.
 */
export const processingColumns = `registrations.state, registrations.version,
  registrations.assignee,
  (SELECT name FROM staff_members WHERE subject = registrations.assignee) AS assignee_name`;

export interface ProcessingRow {
  state: ProcessingState;
  version: number;
  assignee: string | null;
  assignee_name: string | null;
}

/** A person by subject, named as their last sign-in named them (by the subject if none did). */
export const personOf = (subject: string, name: string | null): Person => ({
  subject,
  name: name ?? subject,
});

export const processingOf = (row: ProcessingRow): Processing => ({
  state: row.state,
  assignee: row.assignee === null ? null : personOf(row.assignee, row.assignee_name),
  version: row.version,
});
