/** @jest-environment node */
/** Every alert in ops/prometheus/ links to the section of README.md that says what to do. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const rulesDir = path.join(root, 'ops/prometheus');
const rules = readdirSync(rulesDir)
  .filter((name) => name.endsWith('.rules.yml'))
  .map((name) => readFileSync(path.join(rulesDir, name), 'utf8'))
  .join('\n');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

const alertRules = [...rules.matchAll(/^ *- alert: (\w+)$/gm)].map((match) => match[1]);
const runbookAnchors = [...rules.matchAll(/^ *runbook_url: README\.md#(\S+)$/gm)].map(
  (match) => match[1],
);
/** GitHub's anchor for a heading made of one word: the word in lower case. */
const readmeAnchors = new Set(
  [...readme.matchAll(/^### (\w+)$/gm)].map((match) => match[1].toLowerCase()),
);

it('gives every alert rule a runbook link to its own README section', () => {
  expect(alertRules.length).toBeGreaterThan(0);
  expect(runbookAnchors).toEqual(alertRules.map((alert) => alert.toLowerCase()));
  for (const anchor of runbookAnchors) expect(readmeAnchors).toContain(anchor);
});
