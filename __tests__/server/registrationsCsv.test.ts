/** @jest-environment node */
import { PassThrough } from 'node:stream';
import type { StoredRegistration } from '../../server/db/registrations';
import { writeRegistrationsCsv } from '../../server/registrationsCsv';
import { validValues } from '../../testing/registrations';

async function csvOf(registrations: StoredRegistration[]): Promise<string> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* rows() {
    yield* registrations;
  }
  await writeRegistrationsCsv(rows(), output);
  return Buffer.concat(chunks).toString('utf8');
}

const stored: StoredRegistration = {
  id: 7,
  createdAt: new Date('2025-03-04T05:06:07.089Z'),
  ...validValues,
};

describe('registrations CSV', () => {
  it('has a header row, one CRLF-terminated row per registration, UTF-8 text', async () => {
    const csv = await csvOf([stored]);

    expect(csv).toBe(
      'id,createdAt,firstName,lastName,birthday,phoneNumber,email,address,zipcode,city,country,startedYear,degreeProgram,terms\r\n' +
        "7,2025-03-04T05:06:07.089Z,Åsa-Maria,O'Brien Nyström,29.02.2000,'+358 40 123 4567,asa.nystrom@example.edu,Sjögatan 12 B 4,00100,Helsingfors,Finland,2025,IT,true\r\n",
    );
  });

  it('is only the header when nothing is stored', async () => {
    expect(await csvOf([])).toBe(
      'id,createdAt,firstName,lastName,birthday,phoneNumber,email,address,zipcode,city,country,startedYear,degreeProgram,terms\r\n',
    );
  });

  it('quotes cells as RFC 4180 says: separators, quotes and line breaks', async () => {
    const csv = await csvOf([
      {
        ...stored,
        address: 'Gatan 1, B',
        city: 'Say "hi"',
        country: 'Line\r\nbreak',
        terms: false,
      },
    ]);

    expect(csv).toContain(',"Gatan 1, B",00100,"Say ""hi""","Line\r\nbreak",2025,IT,false\r\n');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])(
    'neutralises a cell starting %p against formula injection',
    async (value) => {
      const csv = await csvOf([{ ...stored, lastName: value }]);
      const cell = csv.split('\r\n')[1].split(',')[3];

      expect(cell.replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );
});
