/**
 * Every view against the standards' own tools: the Nu Html Checker on the rendered document, and
 * WCAG 2.2 reflow (1.4.10) with text spacing (1.4.12) at 320 CSS pixels.
 */
import { setUpApp } from './support/app';
import { checkHtml, isError, isWarning } from './support/htmlChecker';
import { applyTextSpacing, clippedElements, sidewaysScroll } from './support/reflow';
import { languages, viewNames, views } from './support/views';

const app = setUpApp();

describe.each(languages)('in %s', (language) => {
  test.each(viewNames)('%s is valid HTML (Nu Html Checker: no errors)', async (view) => {
    const { page } = app;
    await views[view](page, language);
    const messages = await checkHtml(await page.content());

    expect(messages.filter(isError)).toEqual([]);
    // Warnings are allowed, but said, so that a new one is seen.
    for (const warning of messages.filter(isWarning)) {
      process.stderr.write(`vnu warning on ${view} (${language}): ${warning.message}\n`);
    }
  });

  describe.each([
    ['without', false],
    ['with', true],
  ])('at 320 px, %s the text-spacing override', (_case, withTextSpacing) => {
    test.each(viewNames)('%s reflows: no sideways scrolling, nothing clipped', async (view) => {
      const { page } = app;
      await page.setViewportSize({ width: 320, height: 640 });
      await views[view](page, language);
      if (withTextSpacing) await applyTextSpacing(page);

      expect(await sidewaysScroll(page)).toBe(0);
      expect(await clippedElements(page)).toEqual([]);
    });
  });
});

test('the checks find faults where there are some', async () => {
  // A guard against checks that silently pass everything.
  const { page } = app;
  const messages = await checkHtml(
    '<!doctype html><html lang="en"><head><title>x</title></head><body>' +
      '<input autocomplete="street-address"><div><p></div></body></html>',
  );
  expect(messages.filter(isError).length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 320, height: 640 });
  await page.setContent(
    '<html><body style="margin:0"><h1 style="white-space:nowrap;overflow:hidden">' +
      'Anmälningsblankettsutbildningsprogrammet</h1><div style="width:400px">x</div></body></html>',
  );
  expect(await sidewaysScroll(page)).toBeGreaterThan(0);
  expect((await clippedElements(page)).map((overflow) => overflow.element)).toEqual(['h1.']);
});
