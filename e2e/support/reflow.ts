/**
 * WCAG 2.2 1.4.10 Reflow and 1.4.12 Text Spacing: at 320 CSS pixels, with or without the text
 * spacing a reader may impose, the page must not scroll sideways nor clip a control or text.
 */
import type { Page } from 'playwright-core';

/** The override of 1.4.12's test: line height 1.5, letter 0.12em, word 0.16em, paragraphs 2em. */
const textSpacingOverride = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important;
      word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }`;

/**
 * Imposes the override as a reader's tool would. A constructed style sheet: the page's
 * Content-Security-Policy rightly refuses an inline <style>, but a user's own CSS must apply.
 */
export function applyTextSpacing(page: Page): Promise<void> {
  return page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, textSpacingOverride);
}

export interface Overflow {
  element: string;
  text: string;
  contentWidth: number;
  boxWidth: number;
}

/** How much wider than the viewport the page is (0: no sideways scrolling). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Controls, headings and text blocks whose content is wider than their box (clipped or hidden). */
export function clippedElements(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const selector = 'h1, h2, h3, h4, legend, label, p, a, button, input, select, .form-text, li';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.offsetParent !== null && !element.closest('.visually-hidden'))
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter(
        (element) => !['INPUT', 'SELECT'].includes(element.tagName) || element.clientWidth < 100,
      )
      .map((element) => ({
        element: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[
          ...element.classList,
        ].join('.')}`,
        text: (element.textContent ?? '').trim().slice(0, 40),
        contentWidth: element.scrollWidth,
        boxWidth: element.clientWidth,
      }));
  });
}
