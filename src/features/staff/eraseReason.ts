/**
 * An erase's reason outlives the registration in the audit log, so it must not identify the
 * applicant. The console asks for that; this finds a slip: the registration's own identifying
 * values in the reason, in any case and with or without accents, as whole words (a phone number
 * by its digits). The console checks before sending and the staff API again before erasing.
 */
import type { RegistrationValues } from '../registration/fields';

export const eraseReasonLength = { min: 3, max: 500 };

const identifyingFields = [
  'firstName',
  'lastName',
  'birthday',
  'email',
  'address',
] as const satisfies readonly (keyof RegistrationValues)[];

/** Lower case without accents: "Øster-Ågren" and "oster-agren" are the same name here. */
const folded = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ø/giu, 'o').toLowerCase().trim();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const containsWord = (text: string, word: string) =>
  word.length > 0 &&
  new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(word)}($|[^\\p{L}\\p{N}])`, 'u').test(text);

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Whether `reason` holds the applicant's name, birthday, email, street address or phone number. */
export function reasonIdentifiesApplicant(
  reason: string,
  applicant: Pick<RegistrationValues, (typeof identifyingFields)[number] | 'phoneNumber'>,
): boolean {
  const text = folded(reason);
  // A double-barrelled last name's parts too: "Öster" alone names an "Öster-Ågren".
  const lastNameParts = folded(applicant.lastName)
    .split(/[\s-]+/)
    .filter((part) => part.length >= 3);
  const values = [...identifyingFields.map((name) => folded(applicant[name])), ...lastNameParts];
  // The subscriber number: the last 7 digits, however the reason spaces or prefixes them.
  const phone = digitsOf(applicant.phoneNumber).slice(-7);
  return (
    values.some((value) => containsWord(text, value)) ||
    (phone.length === 7 && digitsOf(reason).includes(phone))
  );
}
