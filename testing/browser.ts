/** Debian's Chromium driven by playwright-core; no test tool downloads a browser. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const fallbackPath = '/usr/bin/chromium';

/** The `chromium` on PATH (or CHROMIUM_PATH), else /usr/bin/chromium; throws when there is none. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, whichChromium(), fallbackPath];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found: install the Debian package (apt-get install chromium) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

function whichChromium(): string | undefined {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Headless, and quiet: this machine's closed network refuses Chromium's background calls. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumFlags });
}
