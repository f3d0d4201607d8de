/**
 * WCAG 2.2 SC 1.4.11 non-text contrast, measured from the computed colours (axe leaves it out):
 * every control's boundary, at rest and focused, and every focus indicator stand out at least 3:1
 * against the background around them; on the empty form, with the terms ticked, and after an
 * invalid submit (red borders).
 */
import type { Page } from 'playwright-core';
import { openStartPage, setUpApp } from './support/app';
import { submitButton } from './support/form';
import {
  installMeasures,
  measureBoundaries,
  measureFocusIndicators,
  type Measurement,
} from './support/nonTextContrast';

const app = setUpApp();

const controls = '.registration-form :is(input, select, button), #language-switcher';
const minimum = 3;

const states = {
  'the empty form': async () => undefined,
  'the form with the terms ticked': async (page: Page) => {
    await page.locator('#terms').check();
  },
  'the form after an invalid submit': async (page: Page) => {
    await submitButton(page).click();
    await page.locator('#terms-error').waitFor();
    // Measured from the summary on: until it takes the focus, the clicked button has it.
    await page.waitForFunction(() => document.activeElement?.matches('.error-summary'));
  },
};

/** Opens the start page in the given state, transitions off (they would catch colours midway). */
async function openIn(page: Page, state: keyof typeof states): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openStartPage(page);
  await states[state](page);
  await installMeasures(page);
}

const faint = (measurements: Measurement[]) =>
  measurements.filter((measurement) => measurement.ratio < minimum);

describe.each(Object.keys(states) as (keyof typeof states)[])('%s', (state) => {
  test('every control has a boundary of at least 3:1', async () => {
    const { page } = app;
    await openIn(page, state);
    const measured = await measureBoundaries(page, controls);

    // text inputs, the select, the checkbox, the submit and the language switcher
    expect(measured.length).toBeGreaterThanOrEqual(13);
    expect(faint(measured)).toEqual([]);
  });

  test('every element the Tab key reaches shows a focus indicator of at least 3:1, and keeps its boundary', async () => {
    const { page } = app;
    await openIn(page, state);
    const measured = await measureFocusIndicators(page);

    expect(measured.filter(({ part }) => part.startsWith('focus')).length).toBeGreaterThanOrEqual(
      16,
    );
    expect(faint(measured)).toEqual([]);
  });
});

test('the measure finds faint boundaries and focus indicators where there are some', async () => {
  // A guard against a measure that passes everything.
  const { page } = app;
  await page.setContent(
    '<html><body style="background:#fff">' +
      '<input id="faint" style="border:1px solid #dee2e6">' +
      '<input id="ringed" style="border:1px solid #000;outline:none;box-shadow:0 0 0 4px rgba(11,79,138,.25)">' +
      '<button id="filled" style="border:0;background:#0b4f8a;color:#fff">x</button>' +
      '</body></html>',
  );
  await installMeasures(page);
  const boundaries = await measureBoundaries(page, '#faint, #filled');
  expect(boundaries.map(({ ratio }) => ratio)).toEqual([
    expect.closeTo(1.3, 1),
    expect.closeTo(8.3, 0),
  ]);

  const indicators = await measureFocusIndicators(page);
  const ringed = indicators.find(
    ({ control, part }) => control.includes('#ringed') && part.startsWith('focus'),
  );
  expect(ringed).toMatchObject({
    part: 'focus indicator (box-shadow)',
    ratio: expect.closeTo(1.5, 1),
  });
});
