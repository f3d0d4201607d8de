/** A small RFC 4180 reader for `npm run export`: rows as objects keyed by the header line. */
export function parseCsv(csv: string): Record<string, string>[] {
  csv = csv.replace(/^\uFEFF/, ''); // a byte order mark for spreadsheet programs
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < csv.length; index += 1) {
    const char = csv[index];
    if (quoted) {
      if (char === '"' && csv[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && csv[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header = [], ...rows] = records.filter((row) => row.some((cell) => cell !== ''));
  return rows.map((row) => Object.fromEntries(header.map((name, column) => [name, row[column]])));
}
