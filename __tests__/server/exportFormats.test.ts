/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import type { ProcessedRegistration } from '../../server/db/registrations';
import { exportColumns } from '../../server/operations/exportColumns';
import { registrationsCsv, registrationsXlsx } from '../../server/operations/exportFormats';
import type { Language } from '../../src/contract/languages';
import { parseCsv } from '../../testing/csv';
import { validValues } from '../../testing/registrations';
import { makeTempDir, removeTempDirs } from './support/fixtures';
import { testTool } from '../../testing/testService';

const stored: ProcessedRegistration = {
  id: 7,
  reference: 'K7M2QX9P',
  language: 'sv',
  createdAt: new Date('2025-03-04T05:06:07.089Z'),
  ...validValues,
  state: 'in-progress',
  assignee: { subject: 'sso-4711', name: 'Cai Coordinator' },
  version: 3,
};

const header = exportColumns.join(',');
const bom = '\uFEFF';
const timeZone = 'Europe/Helsinki';
const csvOf = (registrations: ProcessedRegistration[]) =>
  registrationsCsv(registrations, timeZone).toString('utf8');
const xlsxOf = (registrations: ProcessedRegistration[], language: Language = 'sv') =>
  registrationsXlsx(registrations, { timeZone, language });

describe('registrations CSV', () => {
  it('starts with a byte-order mark, then a header row and one CRLF-terminated row each', () => {
    const csv = csvOf([stored]);

    expect(csv).toBe(
      `${bom}id,reference,createdAt,language,firstName,lastName,birthday,phoneNumber,email,address,zipcode,city,country,startedYear,degreeProgram,terms,state,assignee\r\n` +
        "7,K7M2QX9P,2025-03-04T07:06:07+02:00,sv,Åsa-Maria,O'Brien Nyström,29.02.2000,'+358 40 123 4567,asa.nystrom@example.edu,Sjögatan 12 B 4,00100,Helsingfors,Finland,2025,IT,true,in-progress,Cai Coordinator\r\n",
    );
  });

  it('leaves the assignee empty when nobody has the registration', () => {
    const [row] = parseCsv(csvOf([{ ...stored, state: 'new', assignee: null }]));

    expect(row).toMatchObject({ state: 'new', assignee: '' });
  });

  it('is the mark and the header when nothing is stored', () => {
    expect(csvOf([])).toBe(`${bom}${header}\r\n`);
  });

  it.each([
    ['a comma', 'Gatan 1, B', '"Gatan 1, B"'],
    ['a semicolon, the separator of a Nordic Excel', 'a;=1+1', '"a;=1+1"'],
    ['a tab', 'a\tb', '"a\tb"'],
    ['a quote', 'Say "hi"', '"Say ""hi"""'],
    ['a line break', 'Line\r\nbreak', '"Line\r\nbreak"'],
  ])('quotes a cell holding %s', (_what, value, cell) => {
    const csv = csvOf([{ ...stored, address: value }]);

    expect(csv).toContain(`,asa.nystrom@example.edu,${cell},00100,`);
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])(
    'neutralises a cell starting %p against formula injection',
    (value) => {
      const csv = csvOf([{ ...stored, lastName: value }]);
      const cell = csv.split('\r\n')[1].split(',')[exportColumns.indexOf('lastName')];

      expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  // The form accepts the address " -1+1"; a spreadsheet that trims spaces reads it as a formula.
  it.each([' -1+1', '  =1+1', ' +1', ' @SUM(A1)', '\t=1+1', '\u00a0=1+1'])(
    'neutralises a cell starting with spaces then a formula: %p',
    (value) => {
      const [row] = parseCsv(csvOf([{ ...stored, address: value }]));

      expect(row.address).toBe(`'${value}`);
    },
  );

  it('leaves a cell starting with spaces then text as it is', () => {
    const [row] = parseCsv(csvOf([{ ...stored, address: ' Sjögatan 12' }]));

    expect(row.address).toBe(' Sjögatan 12');
  });

  it.each([
    ['winter (UTC+2)', '2026-11-24T22:03:00.000Z', '2026-11-25T00:03:00+02:00'],
    ['summer (UTC+3)', '2026-06-30T21:30:05.000Z', '2026-07-01T00:30:05+03:00'],
  ])('gives the received time in ISO 8601 with the offset of TIME_ZONE in %s', (_, at, shown) => {
    const csv = csvOf([{ ...stored, createdAt: new Date(at) }]);

    expect(csv.split('\r\n')[1].split(',')[exportColumns.indexOf('createdAt')]).toBe(shown);
  });
});

const hasLibreOffice = testTool('soffice', 'LibreOffice');

afterAll(removeTempDirs);

(hasLibreOffice ? describe : describe.skip)('registrations CSV opened by LibreOffice', () => {
  // Trimming spaces is a choice in LibreOffice's CSV import; evaluating formulas, its default.
  const trimSpacesEvaluateFormulas = 'CSV:44,34,76,1,,0,false,true,false,false,true,-1,true';

  it('runs no formula that starts after spaces, even with spaces trimmed', () => {
    const outDir = makeTempDir('server-test-csv-formula-');
    const file = path.join(outDir, 'registrations.csv');
    const values = { lastName: ' =1+1', address: ' -1+1', city: '\t=2+2' };
    fs.writeFileSync(file, registrationsCsv([{ ...stored, ...values }], timeZone));

    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${outDir}/profile`,
        '--headless',
        `--infilter=${trimSpacesEvaluateFormulas}`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1',
        '--outdir',
        path.join(outDir, 'read'),
        file,
      ],
      { stdio: 'ignore' },
    );
    const [row] = parseCsv(fs.readFileSync(path.join(outDir, 'read', 'registrations.csv'), 'utf8'));

    // Shown as the text it is, behind the apostrophe that kept it text.
    expect(row).toMatchObject({ lastName: "' =1+1", address: "' -1+1", city: "'\t=2+2" });
  });
});

describe('registrations xlsx', () => {
  it.each([
    [
      'sv',
      ['Löpnummer', 'Referenskod', 'Mottagen', 'Språk', 'Förnamn', 'Efternamn', 'Födelsedatum'],
      ['Utbildningsprogram', 'Villkor', 'Status', 'Handläggare'],
    ],
    [
      'en',
      ['Number', 'Reference code', 'Received', 'Language', 'First name', 'Last name'],
      ['Degree programme', 'Terms', 'Status', 'Assigned to'],
    ],
  ] as const)("is headed in the staff's language (%s)", async (language, first, last) => {
    const [headerRow] = await readSheet(await xlsxOf([stored], language));

    expect(headerRow.slice(0, first.length)).toEqual(first);
    expect(headerRow.slice(-last.length)).toEqual(last);
    expect(headerRow).toHaveLength(exportColumns.length);
  });

  it('has every value as text, its codes by name, the received time as a date', async () => {
    const [, row] = await readSheet(await xlsxOf([stored]));

    expect(row).toEqual([
      '7',
      'K7M2QX9P',
      expect.any(Date),
      'Svenska',
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
      'Informationsteknik',
      'Ja',
      'Under behandling',
      'Cai Coordinator',
    ]);
  });

  it('names the codes in the language of its headings', async () => {
    const waiting = { ...stored, state: 'waiting' as const, language: 'en' as const };
    const [, row] = await readSheet(await xlsxOf([waiting], 'en'));

    expect(
      (['state', 'degreeProgram', 'language', 'terms'] as const).map(
        (column) => row[exportColumns.indexOf(column)],
      ),
    ).toEqual(['Waiting for the applicant', 'Information Technology', 'English', 'Yes']);
  });

  it.each([
    ['winter (UTC+2)', '2026-11-24T22:03:00.000Z', '2026-11-25T00:03:00.000Z'],
    ['summer (UTC+3)', '2026-06-30T21:30:05.000Z', '2026-07-01T00:30:05.000Z'],
  ])(
    'shows the received time as the clocks in TIME_ZONE showed it, in %s',
    async (_, at, shown) => {
      const [, row] = await readSheet(await xlsxOf([{ ...stored, createdAt: new Date(at) }]));

      // A spreadsheet's date has no zone: read back, its UTC fields are the time shown.
      const date = row[exportColumns.indexOf('createdAt')] as unknown as Date;
      expect(date.toISOString()).toBe(shown);
    },
  );

  it('keeps text that looks like a formula as text', async () => {
    const formula = '=HYPERLINK("http://x","click")';
    const [, row] = await readSheet(await xlsxOf([{ ...stored, lastName: formula }]));

    expect(row[exportColumns.indexOf('lastName')]).toBe(formula);
  });
});
