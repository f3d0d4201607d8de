/**
 * Browser-side faults: a translation file that does not load (the fallback language shows), a
 * connection lost after the page has loaded (the code loaded on demand cannot follow: the submit
 * and the documents' links say so, the page stays and loses nothing), code slow to arrive (the
 * submit shows it is busy), and a sessionStorage that throws (the form works, it just does not
 * persist).
 */
import type { Page } from 'playwright-core';
import { openStartPage, setUpApp, waitForOutcome } from './support/app';
import { fillForm, readForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { text } from './support/translations';

const app = setUpApp();

const heroHeading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('when the English translation file fails to load', () => {
  beforeEach(async () => {
    await app.page.route('**/assets/i18n/en.json', (route) => route.abort('failed'));
  });

  test('choosing English keeps the page in Swedish, the fallback', async () => {
    const { page } = app;
    const englishAsked = page.waitForRequest('**/assets/i18n/en.json');
    await openStartPage(page);

    await page.locator('#language-switcher').click();
    await page.locator('.dropdown-item[lang=en]').click();
    await englishAsked;
    // The switcher now shows English as chosen; the texts fall back to Swedish.
    await page.locator('#language-switcher [lang=en]').waitFor();

    expect(await heroHeading(page).innerText()).toBe(text('sv', 'hero.heading-label'));
    expect(await page.locator('label[for=firstName]').innerText()).toBe(
      text('sv', 'form.firstName-label'),
    );
    expect(await page.title()).toBe(text('sv', 'general.tlk-title-label'));
    await fillForm(page, { firstName: 'Åsa' });
    expect(await page.locator('#firstName').inputValue()).toBe('Åsa');
  });

  // WCAG 3.1.1: screen readers must read the Swedish fallback with Swedish rules.
  test('<html lang> names the language shown, the fallback', async () => {
    const { page } = app;
    await openStartPage(page);
    await page.locator('#language-switcher').click();
    await page.locator('.dropdown-item[lang=en]').click();
    await page.locator('#language-switcher [lang=en]').waitFor();

    expect(await heroHeading(page).innerText()).toBe(text('sv', 'hero.heading-label'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('sv');
  });

  test('a page opened in English shows Swedish instead of nothing', async () => {
    const { page } = app;
    await page.addInitScript(() => window.sessionStorage.setItem('user-language', 'en'));
    await page.goto('/');

    await heroHeading(page)
      .filter({ hasText: text('sv', 'hero.heading-label') })
      .waitFor();
    expect(await page.locator('label[for=firstName]').innerText()).toBe(
      text('sv', 'form.firstName-label'),
    );
    expect(await page.locator('form button[type=submit]').innerText()).toBe(
      text('sv', 'form.submit-label'),
    );
  });
});

/** The start page once the focus has entered the form and its rules have loaded. */
async function openFormWithRulesLoaded() {
  const { page } = app;
  await openStartPage(page);
  await page.locator('#firstName').focus();
  await page.waitForLoadState('networkidle');
}

describe('when the connection drops before the form is first used', () => {
  test.each([
    // Everything the start page fetches on its own has arrived; the form's rules have not.
    { missing: 'the rules', open: () => openStartPage(app.page) },
    { missing: 'the send step', open: openFormWithRulesLoaded },
  ])(
    'without $missing, a valid submit says the form was not sent, keeps it, and sends it once back online',
    async ({ open }) => {
      const { page, context } = app;
      await open();
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);

      const registration = validRegistration();
      await fillForm(page, registration);
      await submitButton(page).click();
      await page
        .getByRole('alert')
        .filter({ hasText: text('sv', 'form.submit-unavailable') })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByText(text('sv', 'general.crash-heading')).count()).toBe(0);
      expect(await readForm(page)).toEqual(registration);

      await context.setOffline(false);
      await submitButton(page).click();
      await waitForOutcome(page, 'send-page-thankyou', 'sv');
    },
  );

  // The rules have loaded; the error summary, the toasts and the terms' dialog have not.
  test('an invalid submit and the terms link leave the form in place and say what they can', async () => {
    const { page, context } = app;
    await openFormWithRulesLoaded();
    await context.setOffline(true);

    await fillForm(page, { firstName: 'Åsa' });
    await submitButton(page).click();
    await page.getByText(text('sv', 'validation.lastName-required'), { exact: true }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'lastName');

    const termsLink = page.locator('label[for=terms] .document-link');
    await termsLink.click();
    await page
      .getByRole('alert')
      .filter({ hasText: text('sv', 'general.document-unavailable') })
      .waitFor();
    expect(await submitButton(page).isVisible()).toBe(true);
    expect(await page.getByText(text('sv', 'general.crash-heading')).count()).toBe(0);
    await fillForm(page, { city: 'Vasa' });
    expect(await page.locator('#city').inputValue()).toBe('Vasa');

    await context.setOffline(false);
    await termsLink.click();
    await page.getByRole('dialog', { name: text('sv', 'documents.terms.title') }).waitFor();
  });
});

describe('when the send step is slow to arrive', () => {
  test('the submit shows it is busy until the send step goes on', async () => {
    const { page } = app;
    await openFormWithRulesLoaded();
    // From here on the only scripts fetched are the send step's.
    await page.route('**/js/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });

    await fillForm(page, validRegistration());
    await submitButton(page).click();

    expect(await submitButton(page).getAttribute('aria-disabled')).toBe('true');
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.submit-pending')!).opacity === '1',
    );
    expect(new URL(page.url()).pathname).toBe('/');
    await waitForOutcome(page, 'send-page-thankyou', 'sv');
  });
});

/** Page scripts that make sessionStorage throw as a browser that refuses storage does. */
const storageFaults: { name: string; script: () => void }[] = [
  {
    name: 'every sessionStorage call throws',
    script: () => {
      const refuse = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      for (const method of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
        Object.defineProperty(Storage.prototype, method, { value: refuse, configurable: true });
      }
    },
  },
  {
    name: 'reading window.sessionStorage throws',
    script: () => {
      Object.defineProperty(window, 'sessionStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    },
  },
];

describe.each(storageFaults)('when $name', ({ script }) => {
  beforeEach(async () => {
    await app.page.addInitScript(script);
  });

  test('the form can still be filled in and sent', async () => {
    const { page } = app;
    await openStartPage(page);
    await page.locator('#language-switcher').click();
    await page.locator('.dropdown-item[lang=en]').click();
    await heroHeading(page)
      .filter({ hasText: text('en', 'hero.heading-label') })
      .waitFor();

    await fillForm(page, validRegistration());
    await submitButton(page).click();
    await waitForOutcome(page, 'send-page-thankyou', 'en');
  });

  test('a reload starts over, as nothing could be saved', async () => {
    const { page } = app;
    await openStartPage(page);
    await fillForm(page, { firstName: 'Åsa', lastName: 'Nyström', terms: true });
    expect(await page.locator('#firstName').inputValue()).toBe('Åsa');

    await page.reload();
    await page.locator('#firstName').waitFor();
    expect(await readForm(page)).toMatchObject({ firstName: '', lastName: '', terms: false });
  });
});
