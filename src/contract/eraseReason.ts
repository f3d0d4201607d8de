/**
 * An erase's reason outlives the registration in the audit log, so it must not identify the
 * applicant. The console asks for that; this finds a slip, not a determined admin: the
 * registration's own identifying values in the reason, in any case, with or without accents,
 * spaced out or in the genitive (a name's parts as words, the street's name, the email or its
 * local part, the birthday as a date, the phone by its digits). The console checks before sending
 * and names the field; the staff API checks again before erasing.
 */
import type { RegistrationValues } from './fields';

export const eraseReasonLength = { min: 3, max: 500 };

export type IdentifyingField =
  'firstName' | 'lastName' | 'birthday' | 'email' | 'address' | 'phoneNumber';

type Applicant = Pick<RegistrationValues, IdentifyingField>;

/** Letters a decomposition leaves whole. */
const plainLetters: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ß: 'ss' };

/** Lower case without accents or invisible characters: "Øster-Ågren" reads "oster-agren". */
const folded = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœłđß]/g, (letter) => plainLetters[letter]);

const wordsOf = (text: string) =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const lettersOf = (text: string) => folded(text).replace(/[^\p{L}]/gu, '');
const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A name's or a street's words long enough to mean something (not "B" or "af"). */
const significantWords = (value: string) =>
  wordsOf(value).filter((word) => word.length >= 3 && !/\d/.test(word));

/** A word of the reason that is `word`, or its genitive ("Smuggelbergs"). */
const mentions = (reasonWords: string[], word: string) =>
  reasonWords.some((candidate) => candidate === word || candidate === `${word}s`);

/** Every date the reason writes as day.month.year or year-month-day, as "yyyy-mm-dd". */
function datesIn(reason: string): string[] {
  const pad = (number: string) => number.padStart(2, '0');
  return [...reason.matchAll(/(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})/g)].map(
    ([, first, month, last]) =>
      first.length === 4
        ? `${first}-${pad(month)}-${pad(last)}`
        : `${last}-${pad(month)}-${pad(first)}`,
  );
}

/** The applicant's field the reason would keep in the audit log, if any. */
export function identifyingFieldIn(
  reason: string,
  applicant: Applicant,
): IdentifyingField | undefined {
  const reasonWords = wordsOf(reason);
  const reasonLetters = lettersOf(reason);
  const namesIn = (value: string) =>
    significantWords(value).some((word) => mentions(reasonWords, word)) ||
    // Spaced out or run together: "R a d e r a s - Ä n g".
    (lettersOf(value).length >= 6 && reasonLetters.includes(lettersOf(value)));

  if (namesIn(applicant.firstName)) return 'firstName';
  if (namesIn(applicant.lastName)) return 'lastName';
  const [localPart] = folded(applicant.email).split('@');
  if (
    folded(reason).includes(folded(applicant.email)) ||
    (localPart.length >= 4 && folded(reason).includes(localPart))
  ) {
    return 'email';
  }
  if (
    significantWords(applicant.address).some(
      (word) => word.length >= 4 && mentions(reasonWords, word),
    )
  ) {
    return 'address';
  }
  const [birthday] = datesIn(applicant.birthday);
  if (birthday && datesIn(reason).includes(birthday)) return 'birthday';
  // The subscriber number: the last 7 digits, however the reason spaces or prefixes them.
  const phone = digitsOf(applicant.phoneNumber).slice(-7);
  if (phone.length === 7 && digitsOf(reason).includes(phone)) return 'phoneNumber';
  return undefined;
}
