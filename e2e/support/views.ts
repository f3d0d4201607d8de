/**
 * Every view a visitor can reach, opened as a visitor would: the checks that must hold on each
 * view (accessibility, HTML conformance, reflow) run over this one list.
 */
import type { Page } from 'playwright-core';
import { validRegistration } from '../../testing/registrations';
import { chooseLanguage, openStartPage, waitForOutcome } from './app';
import { fillForm, submitButton } from './form';
import { text, type Language } from './translations';

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

/** Opens a document's dialog from its link and waits until it has finished fading in. */
async function openDocument(
  page: Page,
  language: Language,
  name: 'terms' | 'privacy' | 'accessibility',
  link: string,
): Promise<void> {
  await openInLanguage(page, language);
  await page.locator(link).click();
  await page.getByRole('dialog', { name: text(language, `documents.${name}.title`) }).waitFor();
  await waitForAnimationsToEnd(page, '.modal');
  await page.waitForFunction(() => document.querySelector('.modal.show') !== null);
}

export const views = {
  'the start page': openInLanguage,

  'the start page after an invalid submit': async (page: Page, language: Language) => {
    await openInLanguage(page, language);
    await submitButton(page).click();
    await page
      .getByRole('note')
      .filter({ hasText: text(language, 'form.invalid-toast-header') })
      .waitFor();
    await page.locator('#terms-error').waitFor();
    // What is painted counts (contrast, overflow): let the toast finish sliding in.
    await waitForAnimationsToEnd(page, '.Toastify__toast');
  },

  'the terms in their dialog': (page: Page, language: Language) =>
    openDocument(page, language, 'terms', '.registration-form .document-link'),

  'the privacy notice': (page: Page, language: Language) =>
    openDocument(page, language, 'privacy', 'footer .document-link >> nth=0'),

  'the accessibility statement': (page: Page, language: Language) =>
    openDocument(page, language, 'accessibility', 'footer .document-link >> nth=1'),

  // What a document's link opens before the app runs, or without script (all three alike).
  'the privacy notice as a page of its own': async (page: Page, language: Language) => {
    await page.goto(`/privacy?lang=${language}`);
    await page
      .getByRole('heading', { level: 1, name: text(language, 'documents.privacy.title') })
      .waitFor();
  },

  'the thank-you view': async (page: Page, language: Language) => {
    await openInLanguage(page, language);
    await fillForm(page, validRegistration());
    await submitButton(page).click();
    await waitForOutcome(page, 'send-page-thankyou', language);
  },

  'the error view': async (page: Page, language: Language) => {
    await page.route('**/graphql', (route) => route.fulfill({ status: 500, body: '' }));
    await openInLanguage(page, language);
    await fillForm(page, validRegistration());
    await submitButton(page).click();
    await waitForOutcome(page, 'send-page-error', language);
  },
} satisfies Record<string, (page: Page, language: Language) => Promise<void>>;

export const viewNames = Object.keys(views) as (keyof typeof views)[];
export const languages: Language[] = ['sv', 'en'];
