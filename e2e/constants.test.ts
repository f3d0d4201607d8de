/**
 * The specification's constants, measured in the real browser: toast timing after hover, the
 * language menu's layer, and the announcer's delay. Times are taken inside the page
 * (performance.now), and the ranges allow for a busy machine.
 */
import type { Page } from 'playwright-core';
import { openStartPage, setUpApp } from './support/app';
import { submitButton } from './support/form';
import { text } from './support/translations';

const app = setUpApp();

const toastSelector = '.Toastify__toast';

/** Submits the empty form from inside the page; resolves with the time of the click. */
function submitInPage(page: Page, selector: string): Promise<number> {
  return page.evaluate((button) => {
    const time = performance.now();
    document.querySelector<HTMLButtonElement>(button)!.click();
    return time;
  }, selector);
}

/** Starts watching for the toast to leave the page; resolves with the time it left. */
async function watchToastGone(page: Page): Promise<() => Promise<number>> {
  await page.evaluate((selector) => {
    const w = window as unknown as { toastGone?: Promise<number> };
    w.toastGone = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }, toastSelector);
  return () => page.evaluate(() => (window as unknown as { toastGone: Promise<number> }).toastGone);
}

const now = (page: Page) => page.evaluate(() => performance.now());
const submitSelector = 'form.registration-form button[type=submit]';

describe('toasts', () => {
  test('close about 5 s after appearing when not hovered', async () => {
    const { page } = app;
    await openStartPage(page);
    await page.mouse.move(5, 700); // away from the toast's corner
    const shown = await submitInPage(page, submitSelector);
    await page.locator(toastSelector).waitFor();
    const gone = await watchToastGone(page);

    const lifetime = (await gone()) - shown;
    expect(lifetime).toBeGreaterThan(4800);
    expect(lifetime).toBeLessThan(6500); // 5000 ms, the 300 ms exit, and a busy machine
  });

  test('stay while hovered, and close about 1 s after the pointer leaves', async () => {
    const { page } = app;
    await openStartPage(page);
    await submitButton(page).click();
    const toast = page.locator(toastSelector);
    await toast.hover();
    await page.waitForTimeout(6000); // longer than the toast's 5 s
    await expect(toast.isVisible()).resolves.toBe(true);

    const gone = await watchToastGone(page);
    await page.mouse.move(5, 700);
    const left = await now(page);
    const afterLeaving = (await gone()) - left;
    expect(afterLeaving).toBeGreaterThan(900);
    expect(afterLeaving).toBeLessThan(1600);
  });
});

test('the open language menu stacks at z-index 1050, above the hero', async () => {
  const { page } = app;
  await openStartPage(page);
  await page.locator('#language-switcher').click();
  const menu = page.locator('.dropdown-menu.show');
  await menu.waitFor();

  expect(await menu.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1050');
  // What is on top at the menu's centre is the menu itself, not the hero or the form.
  const onTop = await menu.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return element.contains(hit);
  });
  expect(onTop).toBe(true);
});

test('the live region receives the invalid-form message about 100 ms after the submit', async () => {
  const { page } = app;
  await openStartPage(page);
  await page.evaluate(() => {
    const region = document.getElementById('live-announcer')!;
    const w = window as unknown as { announced?: Promise<{ time: number; text: string }> };
    w.announced = new Promise((resolve) => {
      new MutationObserver(() => {
        if (region.textContent) resolve({ time: performance.now(), text: region.textContent });
      }).observe(region, { childList: true, characterData: true, subtree: true });
    });
  });
  const submitted = await submitInPage(page, submitSelector);
  const announced = await page.evaluate(
    () => (window as unknown as { announced: Promise<{ time: number; text: string }> }).announced,
  );

  expect(announced.text).toBe(
    `${text('sv', 'form.invalid-toast-header')}. ${text('sv', 'form.invalid-toast-message')}`,
  );
  expect(announced.time - submitted).toBeGreaterThanOrEqual(100);
  expect(announced.time - submitted).toBeLessThan(400);
  expect(await page.locator('#live-announcer').getAttribute('aria-live')).toBe('polite');
});
