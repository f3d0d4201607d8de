/** Registrations to send in tests and benchmarks: valid by the form's own rules. */
import { randomInt } from 'node:crypto';
import { configDefaults } from '../src/contract/configDefaults';
import type { RegistrationValues } from '../src/contract/fields';

/** The domain the server accepts email addresses at when EMAIL_DOMAIN is unset. */
export const emailDomain = configDefaults.emailDomain;

/** A complete, valid registration. */
export const validValues: RegistrationValues = {
  firstName: 'Åsa-Maria',
  lastName: "O'Brien Nyström",
  birthday: '29.02.2000',
  phoneNumber: '+358 40 123 4567',
  email: `asa.nystrom@${emailDomain}`,
  address: 'Sjögatan 12 B 4',
  zipcode: '00100',
  city: 'Helsingfors',
  country: 'Finland',
  startedYear: '2025',
  degreeProgram: 'IT',
  terms: true,
};

const letters = 'abcdefghijklmnopqrstuvwxyzåäö';

/** Letters only (names allow no digits), so that each run's rows can be told apart in the export. */
export function uniqueWord(length = 8): string {
  return Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
}

/** A number in letters, as names allow no digits: 0 → "a", 26 → "ba". */
export function inLetters(number: number): string {
  let text = '';
  do {
    text = String.fromCharCode(97 + (number % 26)) + text;
    number = Math.floor(number / 26);
  } while (number > 0);
  return text;
}

/** A phone number of its own: a shared one would make the registrations possible duplicates. */
export const uniquePhone = () => `+358 40 ${String(randomInt(10_000_000)).padStart(7, '0')}`;

/** A complete, valid registration whose names and phone are unique to this call. */
export function validRegistration(overrides: Partial<RegistrationValues> = {}): RegistrationValues {
  const tag = uniqueWord();
  return {
    ...validValues,
    firstName: `Åsa-Maria ${tag}`,
    lastName: `Nyström ${uniqueWord()}`,
    phoneNumber: uniquePhone(),
    email: `asa.${tag.normalize('NFD').replace(/[^a-z]/g, '')}@${emailDomain}`,
    ...overrides,
  };
}
