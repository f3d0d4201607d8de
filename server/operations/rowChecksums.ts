/**
 * Keyed checksums of a backup's rows, to compare two copies of the same data without printing
 * any of it: each row's HMAC over a canonical serialisation (its columns in name order), under a
 * key that lives only as long as the comparison.
 */
import { createHmac } from 'node:crypto';
import type { ParsedBackup } from './backup';

type Rows = ParsedBackup['rows'];

/** How one table's copies differ, by id (ids are no personal data); empty when they agree. */
export interface TableComparison {
  table: string;
  expectedRows: number;
  actualRows: number;
  /** The table's checksum over its rows in id order: equal when every row is. */
  expectedChecksum: string;
  actualChecksum: string;
  differingIds: unknown[];
}

const canonical = (row: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((column) => [column, row[column]]),
  );

function rowDigests(key: Buffer, table: string, rows: Record<string, unknown>[]) {
  return new Map(
    rows.map((row) => [
      row.id,
      createHmac('sha256', key)
        .update(`${table}\n${canonical(row)}`)
        .digest('hex'),
    ]),
  );
}

const tableChecksum = (key: Buffer, digests: Map<unknown, string>) =>
  createHmac('sha256', key)
    .update([...digests.values()].join('\n'))
    .digest('hex')
    .slice(0, 16);

/** Compares every table of either copy, row by row, under `key`. */
export function compareRows(key: Buffer, expected: Rows, actual: Rows): TableComparison[] {
  const names = [...new Set([...expected.keys(), ...actual.keys()])];
  return names.map((table) => {
    const want = rowDigests(key, table, expected.get(table) ?? []);
    const got = rowDigests(key, table, actual.get(table) ?? []);
    const ids = new Set([...want.keys(), ...got.keys()]);
    return {
      table,
      expectedRows: want.size,
      actualRows: got.size,
      expectedChecksum: tableChecksum(key, want),
      actualChecksum: tableChecksum(key, got),
      differingIds: [...ids].filter((id) => want.get(id) !== got.get(id)),
    };
  });
}
