/**
 * A date as people in Finland type it: day first (d.m.yyyy, dd.mm.yyyy, with / or - between, and
 * spaces around the separators: "5. 9. 2001"; with "," too, the only separator iOS's decimal
 * keyboard offers in a Finnish or Swedish region) or ISO 8601 (yyyy-mm-dd). One reader for the
 * birthday (form, server, the applicant's check) and the console's date filters.
 */

/** A plausible year: 1900 to 2099 (a birthday as of the studies' start, a day received). */
export const plausibleYear = '(?:19|20)\\d{2}';
const dayFirst = new RegExp(`^(\\d{1,2}) *([.,/-]) *(\\d{1,2}) *\\2 *(${plausibleYear})$`);
const isoDate = new RegExp(`^(${plausibleYear})-(\\d{2})-(\\d{2})$`);

export interface TypedDate {
  day: number;
  month: number;
  year: number;
}

/** The date `text` names, or undefined when it names none (31.02, "maybe"). */
export function readTypedDate(text: string): TypedDate | undefined {
  const trimmed = text.trim();
  const iso = isoDate.exec(trimmed);
  const dmy = iso ? undefined : dayFirst.exec(trimmed);
  const parts = iso ? [iso[3], iso[2], iso[1]] : dmy && [dmy[1], dmy[3], dmy[4]];
  if (!parts) return undefined;
  const [day, month, year] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC takes 0–99 as 1900–1999; the patterns allow no such year.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return { day, month, year };
}

/** Two digits, zero first: months and days as stored. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');
