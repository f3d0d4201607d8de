/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on Debian's
 * Chromium against the start page of the production server. Prints the scores, LCP, TBT and CLS
 * against their targets, and every audit that keeps a category below 100. Exits non-zero only
 * when the run itself broke. LIGHTHOUSE_JSON=<file> also writes the whole report there.
 */
import fs from 'node:fs';
import os from 'node:os';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { launchChromium } from './bench/chromium.mjs';
import { formatNumber, printLine, printTable } from './bench/report.mjs';
import { startServer } from '../testing/server.ts';
import { ensureClientBuilt, ensureServerBuilt } from './ensure-built.mjs';

const categories = ['performance', 'accessibility', 'best-practices'];

/** Lighthouse's default config is the mobile one; spelled out so that a change there shows here. */
const mobileConfig = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: categories,
    formFactor: 'mobile',
    screenEmulation: constants.screenEmulationMetrics.mobile,
    emulatedUserAgent: constants.userAgents.mobile,
    throttlingMethod: 'simulate',
    throttling: constants.throttling.mobileSlow4G,
  },
};

const scoreTargets = { performance: 95, accessibility: 100, 'best-practices': 100 };

/**
 * Audits that fell short, with their weight in the category: weighted ones lower the score; the
 * others (opportunities, insights) say why the weighted metrics are what they are.
 */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ...lhr.audits[ref.id], weight: ref.weight }))
    .filter((audit) => audit.score !== null && audit.score < 1)
    .filter((audit) => !['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode))
    .sort((a, b) => b.weight - a.weight);
}

/** A few lines of what the audit found, so that the report says where, not only what. */
function findings(audit) {
  const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  return items
    .map((item) => {
      const where = item.node?.selector ?? item.source?.url ?? item.url ?? item.sourceLocation?.url;
      const what = item.node?.explanation ?? item.node?.snippet ?? item.description ?? '';
      return [where, what].filter(Boolean).join(': ').replace(/\s+/g, ' ').slice(0, 200);
    })
    .filter((finding) => finding !== '')
    .slice(0, 5);
}

function printFailingAudits(lhr) {
  for (const categoryId of categories) {
    const audits = failingAudits(lhr, categoryId);
    if (audits.length === 0) continue;
    printLine(`\nAudits below 100 in ${lhr.categories[categoryId].title} (weight 0: not scored):`);
    for (const audit of audits) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      const score = Math.round(audit.score * 100);
      printLine(`  - ${audit.title} [${audit.id}] score ${score}, weight ${audit.weight}${value}`);
      for (const finding of findings(audit)) printLine(`      ${finding}`);
    }
  }
}

function scoreRows(lhr) {
  return categories.map((id) => {
    const score = Math.round(lhr.categories[id].score * 100);
    const target = scoreTargets[id];
    return {
      figure: `${lhr.categories[id].title} score`,
      value: String(score),
      target: target === 100 ? '100' : `>= ${target}`,
      met: score >= target,
    };
  });
}

function metricRows(lhr) {
  const lcp = lhr.audits['largest-contentful-paint'].numericValue;
  const tbt = lhr.audits['total-blocking-time'].numericValue;
  const cls = lhr.audits['cumulative-layout-shift'].numericValue;
  const fcp = lhr.audits['first-contentful-paint'].numericValue;
  return [
    { figure: 'First Contentful Paint (ms)', value: formatNumber(fcp) },
    { figure: 'Largest Contentful Paint (ms)', value: formatNumber(lcp) },
    { figure: 'Total Blocking Time (ms)', value: formatNumber(tbt) },
    { figure: 'Cumulative Layout Shift', value: formatNumber(cls, 3), target: '0', met: cls === 0 },
  ];
}

async function main() {
  const loadBefore = os.loadavg()[0];
  // Build first, so that building does not count against the start limit.
  ensureClientBuilt();
  ensureServerBuilt();
  const server = await startServer({ echo: process.stderr });
  let chromium;
  try {
    chromium = await launchChromium();
    const result = await lighthouse(
      `${server.url}/`,
      { port: chromium.port, output: 'json', logLevel: 'error' },
      mobileConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // The whole report, for a closer look (open it in https://googlechrome.github.io/lighthouse/viewer/).
    if (process.env.LIGHTHOUSE_JSON) fs.writeFileSync(process.env.LIGHTHOUSE_JSON, result.report);

    printTable(
      `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, mobile, simulated slow 4G: ${lhr.finalDisplayedUrl}`,
      [...scoreRows(lhr), ...metricRows(lhr)],
    );
    for (const warning of lhr.runWarnings) printLine(`Run warning: ${warning}`);
    printFailingAudits(lhr);
    printLine(
      `\n${os.cpus().length} CPUs; 1-minute load average ${loadBefore.toFixed(2)} before the run ` +
        '(TBT and LCP depend on it: measure on a quiet machine).\n',
    );
  } finally {
    chromium?.kill();
    await server.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
