/**
 * The keyboard alone: the whole form filled in and sent, and the language switched, with
 * page.keyboard only (no clicks, no fill()).
 */
import type { Page } from 'playwright-core';
import { openStartPage, setUpApp, waitForLanguage, waitForOutcome } from './support/app';
import { fieldSpec, textFieldNames } from '../src/contract/fields';
import { validRegistration } from '../testing/registrations';
import { text } from './support/translations';

const app = setUpApp();

/** What has the focus: its id, or its tag and text when it has none. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.id || `${element.tagName.toLowerCase()}:${element.textContent?.trim()}`;
  });
}

/** Presses Tab until the element with the id has the focus, at most `limit` times. */
async function tabTo(page: Page, id: string, limit = 10): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await focused(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused(page)).toBe(id);
}

test('the whole form can be filled in and sent with the keyboard alone', async () => {
  const { page } = app;
  const registration = validRegistration({ degreeProgram: 'MSE' });
  await openStartPage(page);

  // The top bar comes first: logo link, then the language switcher, then the first field.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.matches('.navbar-brand'))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('language-switcher');
  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('firstName');

  // Each field follows the previous one in the tab order.
  for (const [index, field] of textFieldNames.entries()) {
    if (index > 0) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(field);
    await page.keyboard.type(registration[field]);
  }

  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('degreeProgram');
  const steps = fieldSpec('degreeProgram').options!.indexOf(registration.degreeProgram) + 1; // after the placeholder
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
  expect(await page.locator('#degreeProgram').inputValue()).toBe(registration.degreeProgram);

  await page.keyboard.press('Tab');
  expect(await focused(page)).toBe('terms');
  await page.keyboard.press('Space');
  expect(await page.locator('#terms').isChecked()).toBe(true);
  // The label's link to the terms comes next.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.classList.contains('document-link')),
  ).toBe(true);

  for (const field of textFieldNames) {
    expect({ field, value: await page.locator(`#${field}`).inputValue() }).toEqual({
      field,
      value: registration[field],
    });
  }

  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
  await page.keyboard.press('Enter');

  await waitForOutcome(page, 'send-page-thankyou', 'sv');
  // The outcome's heading takes the focus, so a screen reader announces it.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
});

test('the language can be switched with the keyboard alone', async () => {
  const { page } = app;
  await openStartPage(page);
  await tabTo(page, 'language-switcher');

  await page.keyboard.press('Enter');
  await page.locator('.dropdown-menu.show').waitFor();
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('lang'))).toBe('en');
  await page.keyboard.press('Enter');

  await waitForLanguage(page, 'en');
});

test.each([
  ['the terms, from the checkbox label', '.registration-form .document-link', 'terms'],
  ['the privacy notice, from the footer', 'footer .document-link >> nth=0', 'privacy'],
  [
    'the accessibility statement, from the footer',
    'footer .document-link >> nth=1',
    'accessibility',
  ],
] as const)('%s open and close with the keyboard alone', async (_what, link, name) => {
  const { page } = app;
  await openStartPage(page);
  await page.keyboard.press('Tab'); // into the page; then forward to the link
  for (let presses = 0; presses < 40; presses += 1) {
    if (await page.locator(link).evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: text('sv', `documents.${name}.title`) });
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('.modal') !== null);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.locator(link).evaluate((element) => element === document.activeElement)).toBe(
    true,
  );
});
