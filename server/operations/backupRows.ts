/**
 * What a backup holds, table by table and version by version, and the checks made of each row
 * before anything is opened: the file's own framing (a known table, exactly its columns), no
 * control character, and the form's columns by the form's own rules. What a stored row may hold
 * beyond that is the database's to say (migration 19's constraints): a restore is judged by the
 * same rules that refuse every writer (backup.ts). Each check names what is wrong, never the
 * value (it may be personal data, or made to drive the terminal that shows it), nor a name the
 * backup made up.
 */
import { columnOf } from '../db/fieldColumns';
import { fieldNames, toRegistrationValues } from '../../src/contract/fields';
import {
  createRegistrationSchema,
  validateRegistration,
} from '../../src/contract/registrationSchema';
import { hasControlCharacters } from './controlCharacters';

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
  'registration_moves',
  'registration_withdrawals',
  'registration_duplicate_reviews',
  'registration_requests',
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
  // A move out of a token's programmes is reported as its erasure is (migration 21).
  registration_moves: 21,
  // What the assignee is told of a registration its applicant withdrew (migration 24).
  registration_withdrawals: 24,
  // The staff's word on possible duplicates (migration 23); the pairs themselves are made anew.
  registration_duplicate_reviews: 23,
  // The office's information requests (migration 26).
  registration_requests: 26,
};

const existsAt = (name: string, version: number) => (addedInVersion[name] ?? 0) <= version;

/** The tables a backup of `version` holds, in restore order. */
export const tablesAt = (version: number): Table[] =>
  tables.filter((table) => existsAt(table, version));

type Row = Record<string, unknown>;

/** The columns each table's backup holds (a generated column is made anew on restore). */
const columns: Record<Table, readonly string[]> = {
  registrations: [
    'id',
    'created_at',
    ...fieldNames.map(columnOf),
    'language',
    'reference',
    'state',
    'assignee',
    'version',
    'updated_at',
  ],
  outbox: ['id', 'registration_id', 'queued_at', 'attempts', 'next_attempt_at'],
  staff_members: ['id', 'subject', 'name', 'email', 'admin', 'programmes', 'last_sign_in_at'],
  registration_notes: ['id', 'registration_id', 'at', 'author', 'text'],
  registration_history: [
    'id',
    'registration_id',
    'at',
    'actor',
    'type',
    'field',
    'from_value',
    'to_value',
  ],
  api_tokens: [
    'id',
    'name',
    'token_hash',
    'programmes',
    'created_at',
    'created_by',
    'expires_at',
    'last_used_at',
    'revoked_at',
  ],
  registration_transfers: ['id', 'transferred_at', 'token_id', 'external_id'],
  erasures: ['id', 'reference', 'degree_program', 'erased_at'],
  registration_moves: [
    'id',
    'registration_id',
    'reference',
    'from_program',
    'to_program',
    'moved_at',
  ],
  registration_withdrawals: ['id', 'degree_program', 'assignee', 'withdrawn_at'],
  registration_duplicate_reviews: [
    'id',
    'registration_id',
    'other_id',
    'resolution',
    'actor',
    'at',
  ],
  registration_requests: [
    'id',
    'registration_id',
    'requested_by',
    'requested_at',
    'fields',
    'message',
    'deadline',
    'reminded_at',
    'answered_at',
    'withdrawn_at',
    'withdrawn_by',
  ],
  audit_log: ['id', 'at', 'command', 'row_count', 'os_user', 'details'],
};

/** The columns a backup of `version` holds of `table`: a restore names them, leaving the rest to their defaults. */
export const backupColumns = (table: Table, version: number): string[] =>
  columns[table].filter((column) => existsAt(`${table}.${column}`, version));

/**
 * A note's lines are its own, and a request's message's (the database refuses their other control
 * characters); every other text of a backup is one line of printable characters.
 */
const mayHoldLineBreaks = (table: Table, column: string) =>
  ['registration_notes.text', 'registration_requests.message'].includes(`${table}.${column}`);

/**
 * Checks the rows of a backup of schema `version` as they are read; each call returns what is
 * wrong with one, or undefined.
 */
export function createBackupRowCheck(emailDomain: string, version: number) {
  const schema = createRegistrationSchema(emailDomain);

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
    if (!failed) return undefined;
    const domain = failed === 'email' ? ` (EMAIL_DOMAIN is ${emailDomain})` : '';
    return `${columnOf(failed)} breaks the form's rule ${errors[failed]}${domain}`;
  }

  const columnsByTable = new Map(
    tablesAt(version).map((table) => [table, backupColumns(table, version)]),
  );

  return function checkRow(table: Table, row: Row): string | undefined {
    const tableColumns = columnsByTable.get(table);
    if (!tableColumns) return `schema version ${version} has no table ${table}`;
    const unknown = Object.keys(row).find((column) => !tableColumns.includes(column));
    if (unknown !== undefined) return `it has a column that ${table} does not have`;
    for (const column of tableColumns) {
      if (!Object.hasOwn(row, column)) return `the column ${column} is missing`;
      const value = row[column];
      if (
        typeof value === 'string' &&
        !mayHoldLineBreaks(table, column) &&
        hasControlCharacters(value)
      ) {
        return `${column} holds a control character`;
      }
    }
    return table === 'registrations' ? checkRegistration(row) : undefined;
  };
}
