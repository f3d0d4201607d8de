/**
 * What the database holds, read the way staff read it: `npm run export`. The embedded database
 * admits one process per DATA_DIR, so the server is stopped for the export and started again.
 */
import { parseCsv } from './csv';
import type { RegistrationValues } from '../../src/features/registration/fields';
import { exportCsv, type RunningServer } from '../../testing/server';

export type StoredRow = Record<string, string>;

export async function readStoredRows(
  server: RunningServer,
  { restart = true }: { restart?: boolean } = {},
): Promise<StoredRow[]> {
  await server.stop();
  const rows = parseCsv(await exportCsv({ DATA_DIR: server.dataDir }));
  if (restart) await server.start();
  return rows;
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
