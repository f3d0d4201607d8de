/** `npm run export` read back: rows as objects keyed by the header line (csv-parse). */
import { parse } from 'csv-parse/sync';

export function parseCsv(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true });
}
