/**
 * The prerendered start page in a real browser: there before any script runs, taken over by React
 * without a mismatch or a shift, in the applicant's language and with what they had typed.
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
import { fillForm, readForm } from './support/form';
import { text } from './support/translations';

const app = setUpApp();

/**
 * Before the page's own scripts: sums the layout shifts (as CLS counts them, without those right
 * after input) and keeps the server's <h1>, so a test can tell hydration (React keeps the
 * element) from React rendering the page anew (it replaces it).
 */
function watchLoad(page: Page) {
  const consoleMessages: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) consoleMessages.push(message.text());
  });
  return {
    consoleMessages,
    install: () =>
      page.addInitScript(() => {
        const watched = window as unknown as { layoutShift: number; serverHeading?: Element };
        watched.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[]) {
            if (!entry.hadRecentInput) watched.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          watched.serverHeading = document.querySelector('h1') ?? undefined;
        });
      }),
    layoutShift: () =>
      page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    keptServerHeading: () =>
      page.evaluate(
        () =>
          (window as unknown as { serverHeading?: Element }).serverHeading ===
          document.querySelector('h1'),
      ),
  };
}

/** Lets the page settle: fonts, late chunks, React's passive effects. */
const settle = (page: Page) => page.waitForTimeout(1000);

test('the start page shows its form with every label before any script runs', async () => {
  const context = await app.context
    .browser()!
    .newContext({ javaScriptEnabled: false, baseURL: app.server.url });
  try {
    const page = await context.newPage();
    await page.goto('/');

    await page.getByRole('heading', { level: 1, name: text('sv', 'hero.heading-label') }).waitFor();
    for (const field of ['firstName', 'email', 'degreeProgram'] as const) {
      await page.getByLabel(text('sv', `form.${field}-label`), { exact: true }).waitFor();
    }
    expect(
      await page.getByRole('button', { name: text('sv', 'form.submit-label') }).isVisible(),
    ).toBe(true);
  } finally {
    await context.close();
  }
});

test('a first visit is hydrated in Swedish without a warning or a layout shift', async () => {
  const { page } = app;
  const load = watchLoad(page);
  await load.install();

  await openStartPage(page);
  await settle(page);

  expect(load.consoleMessages).toEqual([]);
  expect(await load.keptServerHeading()).toBe(true);
  expect(await load.layoutShift()).toBe(0);
});

test('an English reload with a half-filled form is hydrated as it was left: no warning, CLS 0', async () => {
  const { page } = app;
  await openStartPage(page);
  await chooseLanguage(page, 'en');
  const halfFilled = {
    firstName: validValues.firstName,
    city: validValues.city,
    degreeProgram: 'MIDS',
    terms: true,
  };
  await fillForm(page, halfFilled);
  const load = watchLoad(page);
  await load.install();

  await page.reload();
  await waitForLanguage(page, 'en');
  await settle(page);

  expect(load.consoleMessages).toEqual([]);
  expect(await load.keptServerHeading()).toBe(true);
  expect(await load.layoutShift()).toBe(0);
  expect(await page.locator('h1').innerText()).toBe(text('en', 'hero.heading-label'));
  expect(await readForm(page)).toMatchObject(halfFilled);
});

test('its scripts are requested only once the page is on screen, load after load', async () => {
  const { page } = app;
  // A request made just before the frame is shown passes now and then; five loads catch it.
  for (let load = 0; load < 5; load += 1) {
    await openStartPage(page);
    const timings = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scriptRequests: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.startTime),
    }));
    expect(timings.firstContentfulPaint).toBeGreaterThan(0);
    expect(timings.scriptRequests.length).toBeGreaterThanOrEqual(2);
    for (const requested of timings.scriptRequests) {
      expect(requested).toBeGreaterThan(timings.firstContentfulPaint!);
    }
  }
});

test('what is typed before the scripts have run is kept, and saved', async () => {
  const { page } = app;
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'commit' });
  await page.locator('#city').fill(validValues.city);
  releaseScripts();
  await waitForLanguage(page, 'sv');
  await page.locator('#zipcode').fill(validValues.zipcode);

  expect(await readForm(page)).toMatchObject({
    city: validValues.city,
    zipcode: validValues.zipcode,
  });
  expect(JSON.parse((await readSessionStorage(page, 'form-data'))!)).toMatchObject({
    city: validValues.city,
    zipcode: validValues.zipcode,
  });
});
