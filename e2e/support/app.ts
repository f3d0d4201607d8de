/**
 * One server and one browser per test file; a fresh browser context (so fresh sessionStorage and
 * cookies) per test. Uncaught errors in the page fail the test that caused them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../testing/browser';
import { startServer, type RunningServer } from '../../testing/server';
import { text, type Language } from './translations';

export interface AppSession {
  readonly server: RunningServer;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** A server (with these environment variables added) and a browser for one test file. */
export function setUpApp(env: Record<string, string> = {}): AppSession {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  beforeEach(async () => {
    pageErrors = [];
    context = await browser!.newContext({ baseURL: server!.url });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
    if (pageErrors.length > 0) {
      throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n\n')}`);
    }
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`No ${what}: use it inside a test`);
    return value;
  };
  return {
    get server() {
      return need(server, 'server');
    },
    get context() {
      return need(context, 'browser context');
    },
    get page() {
      return need(page, 'page');
    },
  };
}

/** Opens the start page and waits until the form shows, translated. */
export async function openStartPage(page: Page, language: Language = 'sv'): Promise<void> {
  await page.goto('/');
  await waitForLanguage(page, language);
  await page.locator('#firstName').waitFor();
}

/**
 * Waits until `<html lang>` and the page title are both in the given language: the form's title,
 * or the one given (a staff console view's).
 */
export async function waitForLanguage(
  page: Page,
  language: Language,
  title = text(language, 'general.tlk-title-label'),
): Promise<void> {
  await page.waitForFunction(
    ({ lang, title }) => document.documentElement.lang === lang && document.title === title,
    { lang: language, title },
  );
}

/** Chooses a language in the top bar's dropdown, with the mouse; done once the title is `title`. */
export async function chooseLanguage(
  page: Page,
  language: Language,
  title?: string,
): Promise<void> {
  await page.locator('#language-switcher').click();
  await page.locator(`.dropdown-item[lang=${language}]`).click();
  await waitForLanguage(page, language, title);
}

export function readSessionStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.sessionStorage.getItem(name), key);
}

/** The heading of the thank-you or error view, once it shows. */
export async function waitForOutcome(
  page: Page,
  outcome: 'send-page-thankyou' | 'send-page-error',
  language: Language,
): Promise<void> {
  await page
    .getByRole('heading', {
      level: 1,
      name: text(language, `${outcome}.heading-label`),
      exact: true,
    })
    .waitFor();
}
