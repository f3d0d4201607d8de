/** Moving through a page by keyboard alone, as the e2e suites check it. */
import type { Page } from 'playwright-core';

export interface FocusedElement {
  id: string;
  text: string;
  tag: string | undefined;
}

/** The element with the focus: its id, its text and its tag. */
export const focusedElement = (page: Page): Promise<FocusedElement> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { id: element?.id ?? '', text: element?.innerText?.trim() ?? '', tag: element?.tagName };
  });

/** Presses Tab until the focus is on the control with this id or text, at most `limit` times. */
export async function tabTo(page: Page, matches: string, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    const here = await focusedElement(page);
    if (here.id === matches || here.text === matches) return;
  }
  throw new Error(`Tab never reached ${matches}`);
}
