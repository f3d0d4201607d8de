/** The registration form as a user meets it: filling it in and reading it back. */
import type { Page } from 'playwright-core';
import {
  textFieldNames,
  type RegistrationValues,
  type TextFieldName,
} from '../../src/contract/fields';

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
