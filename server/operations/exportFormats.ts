/**
 * The registrations as files for the staff, with the same columns: CSV (the default) for other
 * programs, headed by the fields' names, times in ISO 8601, codes as the API names them; xlsx
 * for people to open, headed and its codes (programme, language, state, terms) named in their
 * language, its columns as wide as their content. Times are in the institution's time zone.
 * Both keep every cell text, so that nothing an applicant typed can run as a formula.
 */
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import type { Language } from '../../src/contract/languages';
import type { ExportFormat } from '../../src/contract/exportFileTypes';
import type { ProcessedRegistration } from '../db/registrations';
import { isoInTimeZone, wallClockTime } from '../timeZone';
import { exportColumns } from './exportColumns';
import { exportHeading, exportText, sheetName } from './exportHeadings';

/** A row as both formats write it: who has the registration by name, empty for nobody. */
const exportRecord = (registration: ProcessedRegistration) => ({
  ...registration,
  assignee: registration.assignee?.name ?? '',
});

/**
 * What a spreadsheet may read as a formula (OWASP, CSV injection): = + - or @ first, also after
 * spaces or a tab (Excel skips them), and a tab or CR first.
 */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@])/;

/** A leading ' makes a spreadsheet show the cell as text: "+358 40 …" becomes "'+358 40 …". */
const neutralised = (value: string) => (formulaStart.test(value) ? `'${value}` : value);

/**
 * UTF-8 with a byte-order mark, so that Excel reads å, ä and ö right; CRLF line ends; a header
 * row. A cell holding a comma, `;` (the separator of a Nordic Excel), a tab, a quote or a line
 * break is quoted, and one that could start a formula is neutralised. The received time is
 * ISO 8601 with the offset of `timeZone`: 2026-11-25T00:03:00+02:00.
 */
export function registrationsCsv(registrations: ProcessedRegistration[], timeZone: string): Buffer {
  const csv = stringify(registrations.map(exportRecord), {
    bom: true,
    header: true,
    columns: [...exportColumns],
    record_delimiter: 'windows',
    quoted_match: /[,;\t"\r\n]/,
    cast: {
      boolean: (value) => String(value),
      date: (value) => isoInTimeZone(value, timeZone),
      string: neutralised,
    },
  });
  return Buffer.from(csv, 'utf8');
}

export interface XlsxOptions {
  /** The received time is shown as the clocks in this zone showed it. */
  timeZone: string;
  /** The headings' language. */
  language: Language;
}

const dateFormat = 'yyyy-mm-dd hh:mm:ss';
/** Beyond this many characters a column wraps nothing but stops growing (addresses, countries). */
const widestColumn = 50;

/** In characters of a digit's width: a little more for wider letters and the bold heading. */
const widthFor = (texts: string[]) =>
  Math.min(Math.ceil(Math.max(...texts.map((text) => text.length)) * 1.1) + 2, widestColumn);

/**
 * A workbook of one sheet: a bold heading row that stays in view, every value a text cell, the
 * received time a date in `timeZone` (a spreadsheet's dates have no zone).
 */
export function registrationsXlsx(
  registrations: ProcessedRegistration[],
  { timeZone, language }: XlsxOptions,
): Promise<Buffer> {
  const headings = exportColumns.map((column) => exportHeading(column, language));
  const texts = registrations
    .map(exportRecord)
    .map((registration) =>
      exportColumns.map((column) =>
        column === 'createdAt' ? dateFormat : exportText(column, registration[column], language),
      ),
    );
  const header: Row = headings.map((heading) => ({
    type: String,
    value: heading,
    fontWeight: 'bold',
  }));
  const rows: Row[] = registrations.map((registration, row) =>
    exportColumns.map((column, index) =>
      column === 'createdAt'
        ? { type: Date, value: wallClockTime(registration.createdAt, timeZone) }
        : { type: String, value: texts[row][index] },
    ),
  );
  const columns = headings.map((heading, index) => ({
    width: widthFor([heading, ...texts.map((row) => row[index])]),
  }));
  return writeXlsxFile([header, ...rows], {
    sheet: sheetName(language),
    columns,
    dateFormat,
    stickyRowsCount: 1,
  }).toBuffer();
}

/** The export in `format`: what `npm run export` writes and the staff console downloads. */
export async function exportFile(
  registrations: ProcessedRegistration[],
  format: ExportFormat,
  options: XlsxOptions,
): Promise<Buffer> {
  return format === 'xlsx'
    ? registrationsXlsx(registrations, options)
    : registrationsCsv(registrations, options.timeZone);
}
