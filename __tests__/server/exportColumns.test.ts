/** @jest-environment node */
/**
 * The exports' columns are a contract with the programs that read the CSV: what the export writes
 * is README's table ("The exports' columns"), each column in CHANGELOG under the release its row
 * names, and a release's new columns at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import type { ProcessedRegistration } from '../../server/db/registrations';
import { registrationsCsv, registrationsXlsx } from '../../server/operations/exportFormats';
import { fieldNames } from '../../src/contract/fields';
import { repoRoot } from '../../testing/paths';
import { validValues } from '../../testing/registrations';

const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const changelog = fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');

/** README's table: each row's CSV column, xlsx headings (sv, en) and the release named "since". */
const documented = readme
  .slice(readme.indexOf("\n### The exports' columns\n"))
  .split('\n\n')
  .find((block) => block.startsWith('| CSV column'))!
  .split('\n')
  .slice(2)
  .map((line) => {
    const [column, headings, since] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim());
    const [sv, en] = headings.split(' / ');
    return { column: column.replace(/`/g, ''), sv, en, since };
  });

/** CHANGELOG's sections by release name ("Backend", "Unreleased"), newest first. */
const releases = changelog
  .split(/^## /m)
  .slice(1)
  .map((section) => ({ name: section.split(/ \(|\n/)[0], text: section }));

const timeZone = 'Europe/Helsinki';
const stored: ProcessedRegistration = {
  id: 1,
  reference: 'K7M2QX9P',
  language: 'sv',
  createdAt: new Date('2026-11-24T22:03:00.000Z'),
  ...validValues,
  state: 'new',
  assignee: null,
  version: 1,
};

it("writes the CSV's header as README's table names the columns, in its order", () => {
  const [header] = registrationsCsv([stored], timeZone).toString('utf8').slice(1).split('\r\n');

  expect(header.split(',')).toEqual(documented.map(({ column }) => column));
});

it.each(['sv', 'en'] as const)("heads the xlsx (%s) as README's table does", async (language) => {
  const [headings] = await readSheet(await registrationsXlsx([stored], { timeZone, language }));

  expect(headings).toEqual(documented.map((row) => row[language]));
});

it('exports every field of the form', () => {
  expect(documented.map(({ column }) => column)).toEqual(expect.arrayContaining(fieldNames));
});

it('names each column in CHANGELOG, in a note on the exports, under the release that added it', () => {
  const exportNotes = (release: string) =>
    (releases.find(({ name }) => name === release)?.text ?? '')
      .split(/\n\n|\n(?=- )/)
      .filter((note) => /export/i.test(note));
  const unlisted = documented.filter(
    ({ column, since }) => !exportNotes(since).some((note) => note.includes(`\`${column}\``)),
  );

  expect(unlisted).toEqual([]);
});

it("adds the newest release's columns at the end", () => {
  const newest = releases[0].name;
  const since = documented.map((row) => row.since);
  const count = since.filter((name) => name === newest).length;

  expect(since.slice(since.length - count)).toEqual(Array(count).fill(newest));
});
