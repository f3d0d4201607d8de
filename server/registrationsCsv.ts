/**
 * Registrations as CSV for the staff: UTF-8, a header row, RFC 4180 quoting and CRLF line ends.
 * A cell starting with = + - @ (or tab, CR) gets a leading ' so a spreadsheet shows it as text
 * instead of running it as a formula: "+358 40 …" becomes "'+358 40 …".
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { fieldNames } from '../src/features/registration/fields';
import type { StoredRegistration } from './db/registrations';

export const csvColumns = ['id', 'createdAt', ...fieldNames] as const;

export async function writeRegistrationsCsv(
  registrations: AsyncIterable<StoredRegistration>,
  output: Writable,
): Promise<void> {
  const csv = stringify({
    header: true,
    columns: [...csvColumns],
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });
  csv.pipe(output, { end: false });
  for await (const registration of registrations) {
    if (!csv.write(registration)) await once(csv, 'drain');
  }
  csv.end();
  await once(csv, 'end');
}
