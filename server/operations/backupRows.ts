/**
 * A backup's rows checked as this server would have made them, before anything is restored: once
 * restored, a row is trusted (mailed, exported, printed), so a backup edited or damaged by hand
 * must not bring in what the server would have refused. Each check names what is wrong, never
 * the value (it may be personal data, or made to drive the terminal that shows it), nor a name
 * the backup made up.
 */
import { columnOf } from '../db/fieldColumns';
import { isLanguage, languages } from '../../src/contract/languages';
import { fieldNames, toRegistrationValues } from '../../src/contract/fields';
import {
  createRegistrationSchema,
  validateRegistration,
} from '../../src/contract/registrationSchema';
import { isRegistrationReference } from '../db/registrationReference';
import { noteLength, notePattern, processingStates } from '../../src/contract/processing';
import { degreePrograms } from '../../src/contract/fields';
import { auditTextLimits } from './auditLog';
import { hasControlCharacters } from './controlCharacters';
import { apiTokenNameLength } from '../../src/contract/apiTokenLimits';
import { externalIdLength } from '../../src/contract/integrationApiSchemas';

/** In restore order: a table comes after those it refers to. */
export const tables = [
  'registrations',
  'outbox',
  'staff_members',
  'registration_notes',
  'registration_history',
  'api_tokens',
  'registration_transfers',
  'erasures',
  'audit_log',
] as const;
export type Table = (typeof tables)[number];

/** The first schema version `npm run backup` wrote: the earliest a restore accepts. */
export const firstBackupVersion = 2;

/** What a later migration added to the tables backed up: a backup of an earlier version lacks it. */
const addedInVersion: Record<string, number> = {
  outbox: 3,
  'registrations.language': 3,
  // The console's processing.
  staff_members: 8,
  registration_notes: 8,
  registration_history: 8,
  'registrations.state': 8,
  'registrations.assignee': 8,
  'registrations.version': 8,
  // The integration API. Tokens go with their hashes: a hash of 256 random bits reveals no token,
  // and a restore without them would stop the student information system until new ones were
  // issued (and lose which token transferred what). Revoked ones stay revoked.
  api_tokens: 11,
  registration_transfers: 11,
  erasures: 11,
  'registrations.updated_at': 11,
};

const existsAt = (name: string, version: number) => (addedInVersion[name] ?? 0) <= version;

/** The tables a backup of `version` holds, in restore order. */
export const tablesAt = (version: number): Table[] =>
  tables.filter((table) => existsAt(table, version));

type Row = Record<string, unknown>;

/** The columns that name a row of an earlier table, and which table. */
const foreignKeys: Partial<Record<Table, [string, Table][]>> = {
  outbox: [['registration_id', 'registrations']],
  registration_notes: [['registration_id', 'registrations']],
  registration_history: [['registration_id', 'registrations']],
  registration_transfers: [
    ['id', 'registrations'],
    ['token_id', 'api_tokens'],
  ],
};
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
const oneOf =
  (values: readonly unknown[], what: string): ColumnCheck =>
  (value) =>
    values.includes(value) ? undefined : `is not one of the ${what} (${values.join(', ')})`;
const boolean: ColumnCheck = (value) =>
  typeof value === 'boolean' ? undefined : 'is not true or false';
const orNull =
  (check: ColumnCheck): ColumnCheck =>
  (value) =>
    value === null ? undefined : check(value);
/** A staff member's sign-in subject. */
const subject: ColumnCheck = (value) =>
  typeof value === 'string' && value.length > 0 ? text(255)(value) : 'is not a subject';
/** A note as the staff API takes one: line breaks are no control characters here. */
const noteText: ColumnCheck = (value) =>
  typeof value === 'string' &&
  value.length >= noteLength.min &&
  value.length <= noteLength.max &&
  new RegExp(notePattern, 'u').test(value)
    ? undefined
    : `is not a note of ${noteLength.min} to ${noteLength.max} characters`;
/** A history's old or new value: a state, a subject, a field's text or a box ticked, or null. */
const changedValue: ColumnCheck = (value) =>
  value === null || typeof value === 'boolean' ? undefined : text(255)(value);
const programmeList: ColumnCheck = (value) =>
  Array.isArray(value) && value.every((code) => degreePrograms.includes(code as never))
    ? undefined
    : `is not a list of programmes (${degreePrograms.join(', ')})`;
/** The checks that look at line breaks themselves. */
const takesLineBreaks = new Set<ColumnCheck>([noteText]);

const columnChecks: Record<Table, Record<string, ColumnCheck>> = {
  registrations: {
    id,
    created_at: time,
    ...Object.fromEntries(fieldNames.map((name) => [columnOf(name), formColumn])),
    language: (value) =>
      isLanguage(value) ? undefined : `is not one of the languages (${languages.join(', ')})`,
    reference: (value) => (isRegistrationReference(value) ? undefined : 'is not a reference code'),
    state: oneOf(processingStates, 'processing states'),
    assignee: orNull(subject),
    version: id,
    updated_at: time,
  },
  outbox: { id, registration_id: id, queued_at: time, attempts: count, next_attempt_at: time },
  staff_members: {
    id,
    subject,
    name: text(320),
    email: text(320),
    admin: boolean,
    programmes: programmeList,
    last_sign_in_at: time,
  },
  registration_notes: { id, registration_id: id, at: time, author: subject, text: noteText },
  registration_history: {
    id,
    registration_id: id,
    at: time,
    actor: subject,
    type: oneOf(['state', 'assignee', 'correction'], 'kinds of change'),
    field: orNull(oneOf(fieldNames, 'fields')),
    from_value: changedValue,
    to_value: changedValue,
  },
  api_tokens: {
    id,
    name: text(apiTokenNameLength.max),
    token_hash: (value) =>
      typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? undefined : 'is not a SHA-256',
    programmes: orNull(programmeList),
    created_at: time,
    created_by: text(auditTextLimits.os_user),
    expires_at: time,
    last_used_at: orNull(time),
    revoked_at: orNull(time),
  },
  registration_transfers: {
    id,
    transferred_at: time,
    token_id: id,
    external_id: orNull(text(externalIdLength.max)),
  },
  erasures: {
    id,
    reference: (value) => (isRegistrationReference(value) ? undefined : 'is not a reference code'),
    degree_program: oneOf(degreePrograms, 'programmes'),
    erased_at: time,
  },
  audit_log: {
    id,
    at: time,
    command: text(auditTextLimits.command),
    row_count: count,
    os_user: text(auditTextLimits.os_user),
    details: text(auditTextLimits.details),
  },
};

/** The columns a row of `table` had at `version`, each with its check. */
const columnChecksAt = (table: Table, version: number) =>
  Object.entries(columnChecks[table]).filter(([column]) => existsAt(`${table}.${column}`, version));

/**
 * Checks the rows of a backup of schema `version` in its order, as that version's server would
 * have made them; each call returns what is wrong with one, or undefined.
 */
/** The columns a backup of `version` holds of `table`: a restore names them, leaving the rest to their defaults. */
export const backupColumns = (table: Table, version: number): string[] =>
  columnChecksAt(table, version).map(([column]) => column);

export function createBackupRowCheck(emailDomain: string, version: number) {
  const schema = createRegistrationSchema(emailDomain);
  const seen = new Map<Table, Set<unknown>>(tables.map((table) => [table, new Set()]));
  const references = new Set<unknown>();

  function checkRegistration(row: Row): string | undefined {
    const values = toRegistrationValues(
      Object.fromEntries(fieldNames.map((name) => [name, row[columnOf(name)]])),
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
      return `${columnOf(failed)} breaks the form's rule ${errors[failed]}${domain}`;
    }
    if (references.has(row.reference)) return 'its reference is on an earlier line too';
    references.add(row.reference);
    return undefined;
  }

  const checksByTable = new Map(
    tablesAt(version).map((table) => [table, columnChecksAt(table, version)]),
  );

  return function checkRow(table: Table, row: Row): string | undefined {
    const checks = checksByTable.get(table);
    if (!checks) return `schema version ${version} has no table ${table}`;
    const columns = new Set(checks.map(([column]) => column));
    const unknown = Object.keys(row).find((column) => !columns.has(column));
    if (unknown !== undefined) return `it has a column that ${table} does not have`;
    for (const [column, check] of checks) {
      if (!Object.hasOwn(row, column)) return `the column ${column} is missing`;
      const value = row[column];
      if (typeof value === 'string' && !takesLineBreaks.has(check) && hasControlCharacters(value)) {
        return `${column} holds a control character`;
      }
      const problem = check(value);
      if (problem) return `${column} ${problem}`;
    }
    const ids = seen.get(table)!;
    if (ids.has(row.id)) return 'its id is on an earlier line too';
    ids.add(row.id);
    if (table === 'registrations') return checkRegistration(row);
    const missing = (foreignKeys[table] ?? []).find(
      ([column, referred]) => !seen.get(referred)!.has(row[column]),
    );
    if (missing) return `its ${missing[0]} names no ${missing[1]} row on a line before it`;
    return undefined;
  };
}
