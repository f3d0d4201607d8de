/** The registration form as a user meets it: its controls, valid values, and filling it in. */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { configDefaults } from '../../src/config/defaults';
import {
  textFieldNames,
  type RegistrationValues,
  type TextFieldName,
} from '../../src/features/registration/fields';
import { validValues } from '../../__tests__/support/values';

/** The domain the server accepts email addresses at when EMAIL_DOMAIN is unset. */
export const emailDomain = configDefaults.emailDomain;

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

/** A complete, valid registration whose names are unique to this call. */
export function validRegistration(overrides: Partial<RegistrationValues> = {}): RegistrationValues {
  const tag = uniqueWord();
  return {
    ...validValues,
    firstName: `Åsa-Maria ${tag}`,
    lastName: `Nyström ${uniqueWord()}`,
    email: `asa.${tag.normalize('NFD').replace(/[^a-z]/g, '')}@${emailDomain}`,
    ...overrides,
  };
}

/** Fills in the given fields the way a user would: typing, choosing, ticking. */
export async function fillForm(page: Page, values: Partial<RegistrationValues>): Promise<void> {
  for (const field of textFieldNames) {
    const value = values[field];
    if (value !== undefined) await page.locator(`#${field}`).fill(value);
  }
  if (values.degreeProgram !== undefined) {
    await page.locator('#degreeProgram').selectOption(values.degreeProgram);
  }
  if (values.terms !== undefined) await page.locator('#terms').setChecked(values.terms);
}

/** What the form's controls hold right now. */
export async function readForm(page: Page): Promise<RegistrationValues> {
  const entries = await Promise.all(
    textFieldNames.map(async (field) => [field, await page.locator(`#${field}`).inputValue()]),
  );
  return {
    ...(Object.fromEntries(entries) as Record<TextFieldName, string>),
    degreeProgram: await page.locator('#degreeProgram').inputValue(),
    terms: await page.locator('#terms').isChecked(),
  };
}

export function submitButton(page: Page) {
  return page.locator('form.registration-form button[type=submit]');
}
