/**
 * Presses made after the start page has painted and before React has taken it over, on a slow
 * phone as the issue measured it (Chromium's 4× CPU throttling, slow 4G) and with the page's
 * scripts held back until the press has been made, so that it surely comes first: each press is
 * answered, and what was typed is kept.
 */
import type { Page } from 'playwright-core';
import { validRegistration, validValues } from '../testing/registrations';
import { throttleLikeAPhone } from '../testing/throttledPhone';
import { readSessionStorage, setUpApp, waitForLanguage, waitForOutcome } from './support/app';
import { fillForm, submitButton } from './support/form';
import { text } from './support/translations';

const app = setUpApp();

/**
 * Opens the start page on a throttled phone with its scripts held back; returns the function
 * that lets them load. Until then the page is the server's markup and the inline script alone.
 */
async function openBeforeScripts(page: Page): Promise<() => void> {
  await throttleLikeAPhone(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/js\/main[.-][\w.-]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('#firstName').waitFor();
  return release;
}

const wait = { timeout: 15_000 };

test('the language button shows the page in English, with what was typed', async () => {
  const { page } = app;
  const releaseScripts = await openBeforeScripts(page);
  await page.locator('#firstName').fill(validValues.firstName);

  await page.locator('#language-switcher').click();
  await page
    .getByRole('heading', { level: 1, name: text('en', 'hero.heading-label') })
    .waitFor(wait);
  releaseScripts();

  await waitForLanguage(page, 'en');
  expect(await page.locator('#firstName').inputValue()).toBe(validValues.firstName);
  expect(await readSessionStorage(page, 'user-language')).toBe('en');
  // React has the page: what is typed now is saved too.
  await page.locator('#city').fill(validValues.city);
  expect(JSON.parse((await readSessionStorage(page, 'form-data'))!)).toMatchObject({
    firstName: validValues.firstName,
    city: validValues.city,
  });
});

test.each([
  ['terms', '.registration-form .document-link'],
  ['privacy', 'footer .document-link >> nth=0'],
  ['accessibility', 'footer .document-link >> nth=1'],
] as const)(
  'the link to the %s document shows it; Back returns to the form as it was typed',
  async (name, link) => {
    const { page } = app;
    const releaseScripts = await openBeforeScripts(page);
    await page.locator('#firstName').fill(validValues.firstName);

    await page.locator(link).click();
    await page
      .getByRole('heading', { level: 1, name: text('sv', `documents.${name}.title`) })
      .waitFor(wait);
    releaseScripts();
    await page.goBack({ waitUntil: 'commit' });

    await waitForLanguage(page, 'sv');
    expect(await page.locator('#firstName').inputValue()).toBe(validValues.firstName);
  },
);

test('the submit button sends the form once React has taken over', async () => {
  const { page } = app;
  const releaseScripts = await openBeforeScripts(page);
  await fillForm(page, validRegistration());

  await submitButton(page).click();
  releaseScripts();

  await waitForOutcome(page, 'send-page-thankyou', 'sv');
});
