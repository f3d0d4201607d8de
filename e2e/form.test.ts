/** Step 1 in the browser: an invalid submit, a reload halfway through, the language choice. */
import { fieldNames, type RegistrationValues } from '../src/contract/fields';
import type { Page } from 'playwright-core';
import {
  chooseLanguage,
  openStartPage,
  readSessionStorage,
  setUpApp,
  waitForLanguage,
} from './support/app';
import { fillForm, readForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { text, type Language } from './support/translations';

const app = setUpApp();

/** Counts the submissions the page makes, so that a test can say none were made. */
function countGraphqlRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) count += 1;
  });
  return () => count;
}

async function waitForInvalidToast(page: Page, language: Language): Promise<void> {
  const toast = page
    .getByRole('note')
    .filter({ hasText: text(language, 'form.invalid-toast-header') })
    .filter({ hasText: text(language, 'form.invalid-toast-message') });
  await toast.waitFor();
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('an invalid submit', () => {
  test('of the empty form shows the toast, marks every field and focuses the error summary', async () => {
    const { page } = app;
    const submissions = countGraphqlRequests(page);
    await openStartPage(page);

    await submitButton(page).click();
    await waitForInvalidToast(page, 'sv');

    for (const field of fieldNames) {
      const control = page.locator(`#${field}`);
      expect({ field, invalid: await control.getAttribute('aria-invalid') }).toEqual({
        field,
        invalid: 'true',
      });
      expect({ field, error: await page.locator(`#${field}-error`).innerText() }).toEqual({
        field,
        error: text('sv', `validation.${field}-required`),
      });
      // The message is tied to its control, so a screen reader reads it with the field.
      expect(await control.getAttribute('aria-describedby')).toContain(`${field}-error`);
    }
    // GOV.UK's error summary: focused, titled, one link per field in the form's order.
    await page.waitForFunction(() => document.activeElement?.id === 'error-summary');
    const summary = page.locator('#error-summary');
    expect(await summary.getByRole('heading').innerText()).toBe(
      text('sv', 'form.error-summary-heading'),
    );
    const links = summary.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(
      fieldNames.map((field) => `#${field}`),
    );
    expect(await page.title()).toBe(
      `${text('sv', 'general.error-title-prefix')}${text('sv', 'general.tlk-title-label')}`,
    );
    await links.nth(2).click();
    expect(await focusedId(page)).toBe(fieldNames[2]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(submissions()).toBe(0);
  });

  test('of a partly filled form sums up the invalid fields and keeps the valid ones', async () => {
    const { page } = app;
    const submissions = countGraphqlRequests(page);
    await openStartPage(page);
    await chooseLanguage(page, 'en');
    const registration = validRegistration();
    await fillForm(page, {
      firstName: registration.firstName,
      lastName: registration.lastName,
      birthday: '31.02.2001',
      email: 'someone@elsewhere.example',
    });

    await submitButton(page).click();
    await waitForInvalidToast(page, 'en');

    await page.waitForFunction(() => document.activeElement?.id === 'error-summary');
    // Each entry names its field: several fields share a message.
    const birthdayMessage = text('en', 'validation.birthday-format');
    expect(await page.locator('#error-summary a').first().innerText()).toBe(
      `${text('en', 'form.birthday-label')}: ${birthdayMessage[0].toLowerCase()}${birthdayMessage.slice(1)}`,
    );
    expect(await page.locator('#firstName').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#lastName').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#birthday-error').innerText()).toBe(
      text('en', 'validation.birthday-format'),
    );
    expect(await page.locator('#email-error').innerText()).toBe(
      text('en', 'validation.email-format', { domain: 'example.edu' }),
    );
    expect(await page.locator('#city-error').innerText()).toBe(
      text('en', 'validation.city-required'),
    );
    expect(new URL(page.url()).pathname).toBe('/');
    expect(submissions()).toBe(0);
  });
});

/** The heading's and the toast's boxes once they have stopped moving (slide in, smooth scroll). */
async function settledBoxes(page: Page) {
  const read = () =>
    page.evaluate(() => {
      const box = (selector: string) => {
        const { top, bottom, left, right } = document
          .querySelector(selector)!
          .getBoundingClientRect();
        return { top, bottom, left, right };
      };
      return {
        heading: box('#error-summary h2'),
        toast: box('.Toastify__toast'),
        viewportHeight: window.innerHeight,
      };
    });
  let previous = JSON.stringify(await read());
  for (;;) {
    await page.waitForTimeout(200);
    const current = JSON.stringify(await read());
    if (current === previous) return JSON.parse(current) as Awaited<ReturnType<typeof read>>;
    previous = current;
  }
}

describe('on a phone (390×844), the error summary that takes focus', () => {
  const threeInvalid = { city: 'Espoo 2', country: 'Land 9', startedYear: '25' };
  test.each<[string, Language, Partial<RegistrationValues>]>([
    ['three fields', 'sv', threeInvalid],
    ['three fields', 'en', threeInvalid],
    ['every field, the longest summary', 'sv', {}],
  ])(
    'listing %s (%s) shows its heading in view, not under the toast',
    async (_, language, values) => {
      const context = await app.context
        .browser()!
        .newContext({ viewport: { width: 390, height: 844 }, baseURL: app.server.url });
      try {
        const page = await context.newPage();
        await openStartPage(page);
        if (language !== 'sv') await chooseLanguage(page, language);
        await fillForm(page, values);

        await submitButton(page).click();
        await page.waitForFunction(() => document.activeElement?.id === 'error-summary');
        await waitForInvalidToast(page, language);

        const { heading, toast, viewportHeight } = await settledBoxes(page);
        expect(heading.top).toBeGreaterThanOrEqual(0);
        expect(heading.bottom).toBeLessThanOrEqual(viewportHeight);
        const apart =
          heading.top >= toast.bottom ||
          heading.bottom <= toast.top ||
          heading.left >= toast.right ||
          heading.right <= toast.left;
        expect({ heading, toast, apart }).toEqual({ heading, toast, apart: true });
      } finally {
        await context.close();
      }
    },
  );
});

test('a reload halfway through keeps what was typed', async () => {
  const { page } = app;
  const registration = validRegistration();
  const halfway = {
    firstName: registration.firstName,
    lastName: registration.lastName,
    birthday: registration.birthday,
    phoneNumber: registration.phoneNumber,
    email: registration.email,
    degreeProgram: 'MIDS',
    terms: true,
  };
  await openStartPage(page);
  await fillForm(page, halfway);

  await page.reload();
  await page.locator('#firstName').waitFor();

  expect(await readForm(page)).toEqual({
    ...halfway,
    address: '',
    zipcode: '',
    city: '',
    country: '',
    startedYear: '',
  });
  // Nothing was touched in this page load, so no error shows yet.
  expect(await page.locator('[aria-invalid=true]').count()).toBe(0);
});

test('the language choice survives a reload and sets the title and <html lang>', async () => {
  const { page } = app;
  const heroHeading = page.getByRole('heading', { level: 1 });
  await openStartPage(page);
  expect(await heroHeading.innerText()).toBe(text('sv', 'hero.heading-label'));
  expect(await page.title()).toBe(text('sv', 'general.tlk-title-label'));

  await chooseLanguage(page, 'en');
  expect(await heroHeading.innerText()).toBe(text('en', 'hero.heading-label'));
  expect(await readSessionStorage(page, 'user-language')).toBe('en');

  await page.reload();
  await waitForLanguage(page, 'en');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  expect(await page.title()).toBe(text('en', 'general.tlk-title-label'));
  expect(await heroHeading.innerText()).toBe(text('en', 'hero.heading-label'));
  expect(await page.locator('label[for=firstName]').innerText()).toBe(
    text('en', 'form.firstName-label'),
  );

  // The menu offers only the other language, and switching back works the same way.
  await page.locator('#language-switcher').click();
  await page.locator('.dropdown-menu.show').waitFor();
  expect(
    await page
      .locator('.dropdown-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('lang'))),
  ).toEqual(['sv']);
  await page.locator('.dropdown-item[lang=sv]').click();
  await waitForLanguage(page, 'sv');
  expect(await heroHeading.innerText()).toBe(text('sv', 'hero.heading-label'));
});
