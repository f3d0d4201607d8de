/**
 * Distinct valid submissions in exactly the SPA's request form, built by the SPA's own code
 * (run under tsx, which loads the TypeScript sources).
 */
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery.ts';
import { emailDomain, inLetters, validRegistration } from '../../testing/registrations.ts';

/** The request body exactly as the SPA sends it. */
export function createOnboardingFormBody(values) {
  return JSON.stringify(buildCreateOnboardingFormBody(values));
}

/** Applicants' birthdays spread over 15 years, as a programme's are: a few share each day. */
const birthdayDays = 15 * 365;

/** A day of those years as the form writes it. */
function birthdayOf(n) {
  const day = new Date(Date.UTC(1990, 0, 1 + (n % birthdayDays)));
  const pad = (value) => String(value).padStart(2, '0');
  return `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;
}

/**
 * The n-th submission: its first name, email and phone carry n, so that no two are identical nor
 * possible duplicates of each other.
 */
export function registration(n) {
  const tag = inLetters(n);
  return validRegistration({
    firstName: `Bench ${tag}`,
    email: `bench.${tag}@${emailDomain}`,
    birthday: birthdayOf(n),
    phoneNumber: `+358 40 ${String(n).padStart(7, '0')}`,
  });
}
