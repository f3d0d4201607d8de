/**
 * A birthday as people type it (typedDate.ts), kept as dd.mm.yyyy: the registration stores it,
 * and the applicant's page compares it, in that form, so that the right date typed another way
 * is the same date everywhere.
 */
import { readTypedDate, twoDigits } from './typedDate';

export { plausibleYear as birthdayYear } from './typedDate';

/** The date `text` names as dd.mm.yyyy, or undefined when it names none (31.02, "maybe"). */
export function parseBirthday(text: string): string | undefined {
  const date = readTypedDate(text);
  return date && `${twoDigits(date.day)}.${twoDigits(date.month)}.${date.year}`;
}

/** A form value as it is checked and stored: dd.mm.yyyy when it names a date, else unchanged. */
export const normaliseBirthday = (value: unknown) =>
  typeof value === 'string' ? (parseBirthday(value) ?? value) : value;
