/**
 * A birthday as people type it, read as a date: the Finnish d.m.yyyy and dd.mm.yyyy, the ISO
 * yyyy-mm-dd, and day-month-year with / or - between. The registration stores it, and the
 * applicant's page compares it, as dd.mm.yyyy: one home for the form, the server and the link's
 * check, so that the right date typed another way is the same date everywhere.
 */

/** A plausible year, of a birthday as of the studies' start: 1900 to 2099. */
export const birthdayYear = '(?:19|20)\\d{2}';
/** Day, month and year; spaces around the separators are allowed ("5. 9. 2001"). */
const dayFirst = new RegExp(`^(\\d{1,2}) *([./-]) *(\\d{1,2}) *\\2 *(${birthdayYear})$`);
const isoDate = new RegExp(`^(${birthdayYear})-(\\d{2})-(\\d{2})$`);

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The date `text` names as dd.mm.yyyy, or undefined when it names none (31.02, "maybe"). */
export function parseBirthday(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = isoDate.exec(trimmed);
  const dmy = iso ? undefined : dayFirst.exec(trimmed);
  const parts = iso ? [iso[3], iso[2], iso[1]] : dmy && [dmy[1], dmy[3], dmy[4]];
  if (!parts) return undefined;
  const [day, month, year] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC takes 0–99 as 1900–1999; the pattern allows no such year.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return `${twoDigits(day)}.${twoDigits(month)}.${year}`;
}

/** A form value as it is checked and stored: dd.mm.yyyy when it names a date, else unchanged. */
export const normaliseBirthday = (value: unknown) =>
  typeof value === 'string' ? (parseBirthday(value) ?? value) : value;
