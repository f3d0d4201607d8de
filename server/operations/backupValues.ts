/**
 * A backup's values as the backup writes them, by the restoring database's own column types:
 * PostgreSQL reads more than a backup ever writes ('yesterday' is a time to it), so each value
 * must be written as `npm run backup` writes one of its type. What a value may be beyond that is
 * the database's constraints' to say.
 */
import type { Queryable } from '../db/database';

/** What is wrong with a value's form, or undefined when nothing is. */
type Encoding = (value: unknown) => string | undefined;

const wholeNumber: Encoding = (value) =>
  Number.isSafeInteger(value) ? undefined : 'is not a whole number';
/** ISO 8601 in UTC, to the millisecond. */
const time: Encoding = (value) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value
    ? undefined
    : 'is not a time as YYYY-MM-DDThh:mm:ss.sssZ';
const text: Encoding = (value) => (typeof value === 'string' ? undefined : 'is not a text');
const boolean: Encoding = (value) =>
  typeof value === 'boolean' ? undefined : 'is not true or false';
const texts: Encoding = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
    ? undefined
    : 'is not a list of texts';
const anyJson: Encoding = () => undefined;

const encodingOfType: Record<string, Encoding> = {
  integer: wholeNumber,
  bigint: wholeNumber,
  'timestamp with time zone': time,
  text,
  boolean,
  ARRAY: texts,
  jsonb: anyJson,
};

/** Checks a row's values against the columns of its table; null is the constraints' to judge. */
export type ValueCheck = (table: string, row: Record<string, unknown>) => string | undefined;

/** The check of each value by its column's type in the database `tx` is restoring into. */
export async function createValueCheck(tx: Queryable): Promise<ValueCheck> {
  const columns = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema()`,
  );
  const encodings = new Map(
    columns.map((column) => [
      `${column.table_name}.${column.column_name}`,
      encodingOfType[column.data_type] ?? anyJson,
    ]),
  );
  return (table, row) => {
    for (const [column, value] of Object.entries(row)) {
      if (value === null) continue;
      const problem = encodings.get(`${table}.${column}`)?.(value);
      if (problem) return `${column} ${problem}`;
    }
    return undefined;
  };
}
