/** axe-core (the project's own version) against the WCAG 2.2 A and AA rules. */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

// @axe-core/playwright bundles an older axe-core; run the one package.json pins instead.
export const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface ViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; message: string }[];
}

/** The WCAG A/AA violations on the page, summarised so that a failing assertion says what and where. */
export async function wcagViolations(page: Page): Promise<ViolationSummary[]> {
  const results = await new AxeBuilder({ page, axeSource }).withTags(wcagTags).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      message: node.failureSummary ?? '',
    })),
  }));
}

/** axe on the view as it rests (colours mid-transition are no verdict), at a phone's size and a laptop's. */
export async function expectNoViolationsAtBothSizes(page: Page): Promise<void> {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await wcagViolations(page)).toEqual([]);
  }
}
