/**
 * The registrations as files for the staff's spreadsheets, CSV (the default) or xlsx, with the
 * same columns. Both keep every cell text, so that nothing an applicant typed can run as a formula.
 */
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import { fieldNames } from '../../src/features/registration/fields';
import type { StoredRegistration } from '../db/registrations';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportColumns = ['id', 'reference', 'createdAt', 'language', ...fieldNames] as const;

/**
 * UTF-8 with a byte-order mark, so that Excel reads å, ä and ö right; CRLF line ends; a header
 * row. A cell holding a comma, `;` (the separator of a Nordic Excel), a tab, a quote or a line
 * break is quoted, and a cell starting with = + - @ (or tab, CR) gets a leading ' so that a
 * spreadsheet shows it as text: "+358 40 …" becomes "'+358 40 …".
 */
export function registrationsCsv(registrations: StoredRegistration[]): Buffer {
  const csv = stringify(registrations, {
    bom: true,
    header: true,
    columns: [...exportColumns],
    record_delimiter: 'windows',
    quoted_match: /[,;\t"\r\n]/,
    escape_formulas: true,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
    },
  });
  return Buffer.from(csv, 'utf8');
}

/** The process's time zone: TZ, else the machine's. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Reads a time as the clock showed it in `timeZone`, as Excel keeps dates: with no zone. */
function wallClockIn(timeZone: string): (date: Date) => Date {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    ...Object.fromEntries(
      ['year', 'month', 'day', 'hour', 'minute', 'second'].map((part) => [part, 'numeric']),
    ),
  });
  return (date) => {
    const parts = format.formatToParts(date);
    const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
    return new Date(
      Date.UTC(
        part('year'),
        part('month') - 1,
        part('day'),
        part('hour'),
        part('minute'),
        part('second'),
        date.getUTCMilliseconds(),
      ),
    );
  };
}

/**
 * A workbook of one sheet: a header row, every value a text cell, the received time a date as the
 * clock showed it in `timeZone` (where the export is made, by default).
 */
export function registrationsXlsx(
  registrations: StoredRegistration[],
  timeZone = localTimeZone(),
): Promise<Buffer> {
  const text = (value: unknown) => ({ type: String, value: String(value) });
  const wallClock = wallClockIn(timeZone);
  const header: Row = exportColumns.map((column) => ({ ...text(column), fontWeight: 'bold' }));
  const rows: Row[] = registrations.map((registration) =>
    exportColumns.map((column) =>
      column === 'createdAt'
        ? { type: Date, value: wallClock(registration.createdAt) }
        : text(registration[column]),
    ),
  );
  return writeXlsxFile([header, ...rows], {
    sheet: 'Registrations',
    dateFormat: 'yyyy-mm-dd hh:mm:ss',
    stickyRowsCount: 1,
  }).toBuffer();
}
