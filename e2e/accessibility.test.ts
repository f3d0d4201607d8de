/**
 * axe-core inside real runs: no WCAG 2.2 A/AA violation on the start page (both languages, before
 * and after an invalid submit), the open language menu, and the thank-you and error views.
 */
import { openStartPage, setUpApp } from './support/app';
import { wcagViolations } from './support/axe';
import { languages, viewNames, views } from './support/views';

const app = setUpApp();

describe.each(languages)('in %s', (language) => {
  test.each(viewNames)('%s has no WCAG A/AA violations', async (view) => {
    const { page } = app;
    await views[view](page, language);
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
