/** What the database holds, read the way staff read it: `npm run export`, while the server runs. */
import { parseCsv } from '../../testing/csv';
import type { RegistrationValues } from '../../src/contract/fields';
import { exportCsv, type RunningServer } from '../../testing/server';

export type StoredRow = Record<string, string>;

export async function readStoredRows(server: RunningServer): Promise<StoredRow[]> {
  return parseCsv(await exportCsv({ DATA_DIR: server.dataDir }));
}

/**
 * A registration as its CSV row shows it: terms as "true"/"false", and a cell that a spreadsheet
 * would run as a formula (leading = + - @) with the export's protective leading '.
 */
export function asExportedRow(registration: RegistrationValues): StoredRow {
  const row: StoredRow = {};
  for (const [name, value] of Object.entries(registration)) {
    const text = String(value);
    row[name] = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  }
  return row;
}
