/**
 * A press on "Skicka anmälan" right after typing an invalid value: leaving the field shows its
 * message, which moves the button down. Every press must still submit, on a phone and a laptop,
 * with a mouse and a finger.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openStartPage, setUpApp } from './support/app';
import { fillForm, submitButton } from './support/form';

const app = setUpApp();

const presses = 12;
/** About as long as a finger or a mouse button stays down. */
const holdMs = 100;
/** Long enough for an answer on a busy machine; a lost press never gets one. */
const answerMs = 2000;

type Press = 'mouse' | 'touch';

/** Typed as the issue saw it: three invalid values, the last one still focused. */
const invalidValues = { city: 'Espoo 2', country: 'Land 9', startedYear: '25' };

async function pressSubmit(page: Page, press: Press): Promise<void> {
  const button = submitButton(page);
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (press === 'touch') {
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(holdMs);
    await page.mouse.up();
  }
}

/** Whether the invalid submit answered: the error summary took focus, and the toast showed. */
async function submitted(page: Page): Promise<boolean> {
  try {
    await page.waitForFunction(() => document.activeElement?.id === 'error-summary', null, {
      timeout: answerMs,
    });
    await page.locator('.Toastify__toast').waitFor({ timeout: answerMs });
    return true;
  } catch {
    return false;
  }
}

describe.each<[string, BrowserContextOptions, Press]>([
  ['a phone (390×844), tapped', { viewport: { width: 390, height: 844 }, hasTouch: true }, 'touch'],
  ['a phone (390×844), clicked', { viewport: { width: 390, height: 844 } }, 'mouse'],
  ['a laptop (1280×800), clicked', { viewport: { width: 1280, height: 800 } }, 'mouse'],
])('on %s', (_name, options, press) => {
  test(`each of ${presses} presses right after typing an invalid value submits`, async () => {
    const lost: number[] = [];
    for (let attempt = 1; attempt <= presses; attempt += 1) {
      // A fresh page each time: nothing typed, nothing touched.
      const context = await app.context
        .browser()!
        .newContext({ ...options, baseURL: app.server.url });
      try {
        const page = await context.newPage();
        await openStartPage(page);
        await fillForm(page, invalidValues);
        await pressSubmit(page, press);
        if (!(await submitted(page))) lost.push(attempt);
      } finally {
        await context.close();
      }
    }
    expect({ lost }).toEqual({ lost: [] });
  }, 120_000);
});
