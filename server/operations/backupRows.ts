/**
 * A backup's rows checked as this server would have made them, before anything is restored: once
 * restored, a row is trusted (mailed, exported, printed), so a backup edited or damaged by hand
 * must not bring in what the server would have refused. Each check names what is wrong, never
 * the value (it may be personal data, or made to drive the terminal that shows it), nor a name
 * the backup made up.
 */
import { isLanguage, languages } from '../../src/contract/languages';
import { fieldNames, fieldSpec, toRegistrationValues } from '../../src/contract/fields';
import {
  createRegistrationSchema,
  validateRegistration,
} from '../../src/contract/registrationSchema';
import { isRegistrationReference } from '../db/registrationReference';
import { auditTextLimits } from './auditLog';
import { hasControlCharacters } from './controlCharacters';

/** In restore order: a table comes after those it refers to. */
export const tables = ['registrations', 'outbox', 'audit_log'] as const;
export type Table = (typeof tables)[number];

type Row = Record<string, unknown>;
/** What is wrong with a column's value, or undefined when nothing is. */
type ColumnCheck = (value: unknown) => string | undefined;

const id: ColumnCheck = (value) =>
  Number.isSafeInteger(value) && (value as number) > 0 ? undefined : 'is not a positive integer';
const count: ColumnCheck = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : 'is not a whole number';
/** A time as the backup writes it: ISO 8601 in UTC, to the millisecond. */
const time: ColumnCheck = (value) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value
    ? undefined
    : 'is not a time as YYYY-MM-DDThh:mm:ss.sssZ';
const text =
  (maxLength: number): ColumnCheck =>
  (value) =>
    typeof value === 'string' && value.length <= maxLength
      ? undefined
      : `is not a text of at most ${maxLength} characters`;
/** The form's columns are checked together, by the form's own rules (below). */
const formColumn: ColumnCheck = () => undefined;

const columnChecks: Record<Table, Record<string, ColumnCheck>> = {
  registrations: {
    id,
    created_at: time,
    ...Object.fromEntries(fieldNames.map((name) => [fieldSpec(name).column, formColumn])),
    language: (value) =>
      isLanguage(value) ? undefined : `is not one of the languages (${languages.join(', ')})`,
    reference: (value) => (isRegistrationReference(value) ? undefined : 'is not a reference code'),
  },
  outbox: { id, registration_id: id, queued_at: time, attempts: count, next_attempt_at: time },
  audit_log: {
    id,
    at: time,
    command: text(auditTextLimits.command),
    row_count: count,
    os_user: text(auditTextLimits.os_user),
    details: text(auditTextLimits.details),
  },
};

/** Checks rows in the backup's order; each call returns what is wrong with one, or undefined. */
export function createBackupRowCheck(emailDomain: string) {
  const schema = createRegistrationSchema(emailDomain);
  const seen = new Map<Table, Set<unknown>>(tables.map((table) => [table, new Set()]));
  const references = new Set<unknown>();

  function checkRegistration(row: Row): string | undefined {
    const values = toRegistrationValues(
      Object.fromEntries(fieldNames.map((name) => [name, row[fieldSpec(name).column]])),
    );
    if (!values) return 'a form column has a value of the wrong type';
    // Releases before schema 7 took % in an address: their backups restore as they were stored.
    const errors = validateRegistration(schema, {
      ...values,
      email: values.email.replace(/%/g, '_'),
    });
    const failed = fieldNames.find((name) => errors[name]);
    if (failed) {
      const domain = failed === 'email' ? ` (EMAIL_DOMAIN is ${emailDomain})` : '';
      return `${fieldSpec(failed).column} breaks the form's rule ${errors[failed]}${domain}`;
    }
    if (references.has(row.reference)) return 'its reference is on an earlier line too';
    references.add(row.reference);
    return undefined;
  }

  return function checkRow(table: Table, row: Row): string | undefined {
    const checks = columnChecks[table];
    const unknown = Object.keys(row).find((column) => !Object.hasOwn(checks, column));
    if (unknown !== undefined) return `it has a column that ${table} does not have`;
    for (const [column, check] of Object.entries(checks)) {
      if (!Object.hasOwn(row, column)) return `the column ${column} is missing`;
      const value = row[column];
      if (typeof value === 'string' && hasControlCharacters(value)) {
        return `${column} holds a control character`;
      }
      const problem = check(value);
      if (problem) return `${column} ${problem}`;
    }
    const ids = seen.get(table)!;
    if (ids.has(row.id)) return 'its id is on an earlier line too';
    ids.add(row.id);
    if (table === 'registrations') return checkRegistration(row);
    if (table === 'outbox' && !seen.get('registrations')!.has(row.registration_id)) {
      return 'its registration_id names no registration on a line before it';
    }
    return undefined;
  };
}
