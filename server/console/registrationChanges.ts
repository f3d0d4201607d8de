/**
 * Changing one registration: its state, who has it, corrected fields. The change is made on the
 * version the person read, or not at all; each corrected field passes the form's rules; a
 * coordinator keeps it within their programmes; every change increases the version and is
 * written in the history with its old and new value, in one transaction.
 */
import { columnOf } from '../db/fieldColumns';
import type { Database, Queryable } from '../db/database';
import { fieldNames, type FieldName, type RegistrationValues } from '../../src/contract/fields';
import {
  normaliseRegistration,
  validateRegistration,
  type FieldErrors,
  type RegistrationSchema,
} from '../../src/contract/registrationSchema';
import type { RegistrationChange } from '../../src/contract/consoleApiSchemas';
import { programmeOutsideAccess, type ProcessingState } from '../../src/contract/processing';
import type { Person } from '../db/processing';
import { formColumns } from '../db/registrations';
import { lockPairingKeys } from '../db/pairingLocks';
import type { DegreeProgram } from '../../src/contract/fields';
import type { StaffAccess } from './access';
import { lastChange, recordChanges, type Change } from './history';
import { accessOfStaffMember } from './staffMembers';
import { queueWebhookEvents } from '../webhooks/webhookEvents';

export type ChangeOutcome =
  | { outcome: 'not-visible' }
  | { outcome: 'stale'; version: number; changedBy: Person | null; changedAt: Date | null }
  | { outcome: 'invalid'; fields: FieldErrors }
  /** The assignee may not have those of `programmes` (any, when nobody by it has signed in). */
  | { outcome: 'not-assignable'; assignee: string; programmes: DegreeProgram[] }
  /** Its state is not one of `onlyInStates`. */
  | { outcome: 'state-forbids' }
  /** What changed, as the history records it (none when the change was what was there). */
  | { outcome: 'changed'; reference: string; changes: Change[] };

export interface ChangeRequest {
  id: number;
  /** The version the person read. */
  version: number;
  change: RegistrationChange;
  /** Who changes it (the applicant: applicantActor), and what they may see. */
  person: StaffAccess & { subject: string };
  /** The states in which it may be changed at all; any by default. */
  onlyInStates?: readonly ProcessingState[];
  /** Done in the change's transaction when something changed (the applicant's notice). */
  afterChange?: (tx: Queryable, changes: readonly Change[]) => Promise<void>;
}

interface LockedRow extends Record<string, unknown> {
  reference: string;
  version: number;
  state: ProcessingState;
  assignee: string | null;
}

/** The corrections' problems: the form's message keys, and a programme outside the person's. */
function correctionErrors(
  corrected: FieldName[],
  values: RegistrationValues,
  schema: RegistrationSchema,
  person: StaffAccess,
): FieldErrors {
  const errors = validateRegistration(schema, values);
  const fields: FieldErrors = {};
  for (const name of corrected) if (errors[name]) fields[name] = errors[name];
  const programme = values.degreeProgram as DegreeProgram;
  if (corrected.includes('degreeProgram') && !fields.degreeProgram) {
    if (!person.programmes.includes(programme)) fields.degreeProgram = programmeOutsideAccess;
  }
  return fields;
}

export function changeRegistration(
  db: Database,
  schema: RegistrationSchema,
  { id, version, change, person, onlyInStates, afterChange }: ChangeRequest,
): Promise<ChangeOutcome> {
  return db.transaction(async (tx): Promise<ChangeOutcome> => {
    if (change.fields) await lockPairingKeys(tx, id, change.fields);
    const [row] = await tx.query<LockedRow>(
      `SELECT reference, version, state, assignee, ${formColumns.join(', ')} FROM registrations
       WHERE id = $1 AND degree_program = ANY($2::text[]) FOR UPDATE`,
      [id, person.programmes],
    );
    if (!row) return { outcome: 'not-visible' };
    if (row.version !== version) {
      return { outcome: 'stale', version: row.version, ...(await lastChange(tx, id)) };
    }
    if (onlyInStates && !onlyInStates.includes(row.state)) return { outcome: 'state-forbids' };

    const current = Object.fromEntries(
      fieldNames.map((name) => [name, row[columnOf(name)]]),
    ) as RegistrationValues;
    const corrected = fieldNames.filter((name) => change.fields?.[name] !== undefined);
    const values = normaliseRegistration(schema, { ...current, ...change.fields });
    const fields = correctionErrors(corrected, values, schema, person);
    if (Object.keys(fields).length > 0) return { outcome: 'invalid', fields };

    const assignee = change.assignee === undefined ? row.assignee : change.assignee;
    const changes: Change[] = [
      ...(change.state !== undefined && change.state !== row.state
        ? [{ type: 'state' as const, from: row.state, to: change.state }]
        : []),
      ...(assignee !== row.assignee
        ? [{ type: 'assignee' as const, from: row.assignee, to: assignee }]
        : []),
      ...corrected
        .filter((field) => values[field] !== current[field])
        .map((field) => ({
          type: 'correction' as const,
          field,
          from: current[field],
          to: values[field],
        })),
    ];
    const programme = values.degreeProgram as DegreeProgram;
    const recheckAssignee = assignee !== row.assignee || programme !== current.degreeProgram;
    if (assignee !== null && recheckAssignee) {
      const access = await accessOfStaffMember(tx, assignee);
      if (!access) return { outcome: 'not-assignable', assignee, programmes: [] };
      if (!access.admin && !access.programmes.includes(programme)) {
        return { outcome: 'not-assignable', assignee, programmes: [programme] };
      }
    }
    if (changes.length === 0) return { outcome: 'changed', reference: row.reference, changes };

    const assignments: [string, unknown][] = [
      ['state', change.state ?? row.state],
      ['assignee', assignee],
      ...corrected.map((field): [string, unknown] => [columnOf(field), values[field]]),
    ];
    await tx.query(
      `WITH changed AS (
         UPDATE registrations SET ${assignments
           .map(([column], index) => `${column} = $${index + 2}`)
           .join(', ')}, version = version + 1 WHERE id = $1
         RETURNING id, reference, degree_program
       ), ${queueWebhookEvents('updated_events', 'changed', 'registration.updated')}
       SELECT 1`,
      [id, ...assignments.map(([, value]) => value)],
    );
    await recordChanges(tx, id, person.subject, changes);
    await afterChange?.(tx, changes);
    return { outcome: 'changed', reference: row.reference, changes };
  });
}

/**
 * A new state and assignee as the audit log records them, apart from a filter's own state and
 * assignee: a staff member by their subject (as the Who column), quoted; nobody as null.
 */
export function describeSettings(set: { state?: string; assignee?: string | null }): string {
  return [
    ...(set.state === undefined ? [] : [`new-state=${set.state}`]),
    ...(set.assignee === undefined ? [] : [`new-assignee=${JSON.stringify(set.assignee)}`]),
  ].join(' ');
}

/** What changed as the audit log records it: the new state and assignee; corrected fields by name, never a value. */
export function describeChanges(changes: readonly Change[]): string {
  const set = Object.fromEntries(
    changes.flatMap((change) => (change.type === 'correction' ? [] : [[change.type, change.to]])),
  );
  const corrected = changes.flatMap((change) =>
    change.type === 'correction' ? [change.field] : [],
  );
  return [describeSettings(set), ...(corrected.length > 0 ? [`fields=${corrected.join(',')}`] : [])]
    .filter(Boolean)
    .join(' ');
}
