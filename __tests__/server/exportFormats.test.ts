/** @jest-environment node */
import { readSheet } from 'read-excel-file/node';
import type { StoredRegistration } from '../../server/db/registrations';
import {
  exportColumns,
  registrationsCsv,
  registrationsXlsx,
} from '../../server/staff/exportFormats';
import { validValues } from '../../testing/registrations';

const stored: StoredRegistration = {
  id: 7,
  reference: 'K7M2QX9P',
  language: 'sv',
  createdAt: new Date('2025-03-04T05:06:07.089Z'),
  ...validValues,
};

const header = exportColumns.join(',');
const bom = '\uFEFF';

describe('registrations CSV', () => {
  it('starts with a byte-order mark, then a header row and one CRLF-terminated row each', () => {
    const csv = registrationsCsv([stored]).toString('utf8');

    expect(csv).toBe(
      `${bom}id,reference,createdAt,language,firstName,lastName,birthday,phoneNumber,email,address,zipcode,city,country,startedYear,degreeProgram,terms\r\n` +
        "7,K7M2QX9P,2025-03-04T05:06:07.089Z,sv,Åsa-Maria,O'Brien Nyström,29.02.2000,'+358 40 123 4567,asa.nystrom@example.edu,Sjögatan 12 B 4,00100,Helsingfors,Finland,2025,IT,true\r\n",
    );
  });

  it('is the mark and the header when nothing is stored', () => {
    expect(registrationsCsv([]).toString('utf8')).toBe(`${bom}${header}\r\n`);
  });

  it.each([
    ['a comma', 'Gatan 1, B', '"Gatan 1, B"'],
    ['a semicolon, the separator of a Nordic Excel', 'a;=1+1', '"a;=1+1"'],
    ['a tab', 'a\tb', '"a\tb"'],
    ['a quote', 'Say "hi"', '"Say ""hi"""'],
    ['a line break', 'Line\r\nbreak', '"Line\r\nbreak"'],
  ])('quotes a cell holding %s', (_what, value, cell) => {
    const csv = registrationsCsv([{ ...stored, address: value }]).toString('utf8');

    expect(csv).toContain(`,asa.nystrom@example.edu,${cell},00100,`);
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])(
    'neutralises a cell starting %p against formula injection',
    (value) => {
      const csv = registrationsCsv([{ ...stored, lastName: value }]).toString('utf8');
      const cell = csv.split('\r\n')[1].split(',')[exportColumns.indexOf('lastName')];

      expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );
});

describe('registrations xlsx', () => {
  it('has a header row and every value as text, the received time as a date', async () => {
    const xlsx = await registrationsXlsx([stored]);
    const [headerRow, row] = await readSheet(xlsx);

    expect(headerRow).toEqual([...exportColumns]);
    expect(row).toEqual([
      '7',
      'K7M2QX9P',
      expect.any(Date),
      'sv',
      'Åsa-Maria',
      "O'Brien Nyström",
      '29.02.2000',
      '+358 40 123 4567',
      'asa.nystrom@example.edu',
      'Sjögatan 12 B 4',
      '00100',
      'Helsingfors',
      'Finland',
      '2025',
      'IT',
      'true',
    ]);
  });

  it('shows the received time as the wall-clock time where it is exported', async () => {
    const [, row] = await readSheet(await registrationsXlsx([stored], 'Europe/Helsinki'));

    // 05:06 UTC on 4 March is 07:06 in Helsinki (UTC+2): the sheet shows 07:06.
    const shown = row[exportColumns.indexOf('createdAt')] as unknown as Date;
    expect(shown.toISOString()).toMatch(/^2025-03-04T07:06:07\.08/);
  });

  it('keeps text that looks like a formula as text', async () => {
    const formula = '=HYPERLINK("http://x","click")';
    const [, row] = await readSheet(await registrationsXlsx([{ ...stored, lastName: formula }]));

    expect(row[exportColumns.indexOf('lastName')]).toBe(formula);
  });
});
