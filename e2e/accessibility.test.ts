/**
 * axe-core inside real runs: no WCAG 2.2 A/AA violation on the start page (both languages, before
 * and after an invalid submit), the open language menu, and the thank-you and error views.
 */
import type { Page } from 'playwright-core';
import { chooseLanguage, openStartPage, setUpApp, waitForOutcome } from './support/app';
import { wcagViolations } from './support/axe';
import { fillForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { text, type Language } from './support/translations';

const app = setUpApp();

async function openInLanguage(page: Page, language: Language): Promise<void> {
  await openStartPage(page);
  if (language !== 'sv') await chooseLanguage(page, language);
}

/** Waits until the element's own animations (a toast sliding in, say) have finished. */
async function waitForAnimationsToEnd(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && element.getAnimations().length === 0;
  }, selector);
}

describe.each<Language>(['sv', 'en'])('in %s', (language) => {
  test('the start page has no WCAG A/AA violations', async () => {
    const { page } = app;
    await openInLanguage(page, language);
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('the start page after an invalid submit has no WCAG A/AA violations', async () => {
    const { page } = app;
    await openInLanguage(page, language);
    await submitButton(page).click();
    await page
      .getByRole('note')
      .filter({ hasText: text(language, 'form.invalid-toast-header') })
      .waitFor();
    await page.locator('#terms-error').waitFor();
    // axe judges colour contrast from what is painted: let the toast finish sliding in.
    await waitForAnimationsToEnd(page, '.Toastify__toast');
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('the thank-you view has no WCAG A/AA violations', async () => {
    const { page } = app;
    await openInLanguage(page, language);
    await fillForm(page, validRegistration());
    await submitButton(page).click();
    await waitForOutcome(page, 'send-page-thankyou', language);
    expect(await wcagViolations(page)).toEqual([]);
  });

  test('the error view has no WCAG A/AA violations', async () => {
    const { page } = app;
    await page.route('**/graphql', (route) => route.fulfill({ status: 500, body: '' }));
    await openInLanguage(page, language);
    await fillForm(page, validRegistration());
    await submitButton(page).click();
    await waitForOutcome(page, 'send-page-error', language);
    expect(await wcagViolations(page)).toEqual([]);
  });
});

test('the open language menu has no WCAG A/AA violations', async () => {
  const { page } = app;
  await openStartPage(page);
  await page.locator('#language-switcher').click();
  await page.locator('.dropdown-item[lang=en]').waitFor();
  expect(await wcagViolations(page)).toEqual([]);
});

test('the check itself finds violations where there are some', async () => {
  const { page } = app;
  // A guard against a setup that silently checks nothing (wrong tags, axe not injected).
  await page.setContent(
    '<html><body><main><img src="/assets/logo.svg">' +
      '<p style="color:#aaa;background:#fff">Faint text</p></main></body></html>',
  );
  const ids = (await wcagViolations(page)).map((violation) => violation.id);
  expect(ids).toEqual(expect.arrayContaining(['html-has-lang', 'image-alt', 'color-contrast']));
});
