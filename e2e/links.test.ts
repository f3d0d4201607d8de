/**
 * What an address and the Back button do: `?lang=` opens the form in that language and keeps it
 * chosen; each document has its own address, a page that needs no script; Back closes an open
 * document's dialog and leaves the form as it was.
 */
import type { Page } from 'playwright-core';
import { validValues } from '../testing/registrations';
import {
  chooseLanguage,
  openStartPage,
  readSessionStorage,
  setUpApp,
  waitForLanguage,
} from './support/app';
import { text, type Language } from './support/translations';

const app = setUpApp();

const heroHeading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('English by link', () => {
  test('/?lang=en opens the form in English, which stays chosen at /', async () => {
    const { page } = app;
    await page.goto('/?lang=en');
    await waitForLanguage(page, 'en');

    expect(await heroHeading(page).innerText()).toBe(text('en', 'hero.heading-label'));
    expect(await readSessionStorage(page, 'user-language')).toBe('en');

    await page.goto('/');
    await waitForLanguage(page, 'en');
    expect(await heroHeading(page).innerText()).toBe(text('en', 'hero.heading-label'));
  });

  test('/?lang=sv opens it in Swedish for an applicant who had chosen English', async () => {
    const { page } = app;
    await openStartPage(page);
    await chooseLanguage(page, 'en');

    await page.goto('/?lang=sv');
    await waitForLanguage(page, 'sv');

    expect(await heroHeading(page).innerText()).toBe(text('sv', 'hero.heading-label'));
    expect(await readSessionStorage(page, 'user-language')).toBe('sv');
  });

  test.each<[string, Language | undefined, Language]>([
    ['an unknown language is ignored: Swedish, the default', undefined, 'sv'],
    ['an unknown language leaves the one chosen', 'en', 'en'],
  ])('%s', async (_what, chosen, shown) => {
    const { page } = app;
    if (chosen)
      await page.addInitScript(
        (language) => sessionStorage.setItem('user-language', language),
        chosen,
      );

    await page.goto('/?lang=fi');
    await waitForLanguage(page, shown);

    expect(await heroHeading(page).innerText()).toBe(text(shown, 'hero.heading-label'));
  });
});

describe('the documents', () => {
  const footerLink = (page: Page) => page.locator('footer .document-link').first();
  const privacyDialog = (page: Page) =>
    page.getByRole('dialog', { name: text('sv', 'documents.privacy.title') });

  test('Back closes an open dialog and leaves the form as it was typed', async () => {
    const { page } = app;
    await openStartPage(page);
    await page.locator('#firstName').fill(validValues.firstName);
    await footerLink(page).click();
    await privacyDialog(page).waitFor();

    await page.goBack();

    await privacyDialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('#firstName').inputValue()).toBe(validValues.firstName);
  });

  test('closed by its button, the dialog leaves Back to leave the page as before', async () => {
    const { page } = app;
    await openStartPage(page);
    await footerLink(page).click();
    await privacyDialog(page).waitFor();

    await privacyDialog(page)
      .getByRole('button', { name: text('sv', 'general.close-label') })
      .last()
      .click();
    await privacyDialog(page).waitFor({ state: 'detached' });
    await page.goBack();

    expect(page.url()).toBe('about:blank');
  });

  test.each<[string, Language]>([
    ['/privacy', 'sv'],
    ['/privacy?lang=en', 'en'],
  ])('%s is a page of its own, without script', async (address, language) => {
    const context = await app.context
      .browser()!
      .newContext({ javaScriptEnabled: false, baseURL: app.server.url });
    try {
      const page = await context.newPage();
      await page.goto(address);

      expect(await heroHeading(page).innerText()).toBe(text(language, 'documents.privacy.title'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page
        .getByRole('link', { name: text(language, 'general.back-to-form-link') })
        .last()
        .click();
      await page.locator('#firstName').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    } finally {
      await context.close();
    }
  });
});
