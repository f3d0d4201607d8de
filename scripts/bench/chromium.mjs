/** Debian's Chromium, headless, with a DevTools port for Lighthouse; no tool downloads a browser. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';

const fallbackPath = '/usr/bin/chromium';

function whichChromium() {
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** CHROMIUM_PATH, else the `chromium` on PATH, else /usr/bin/chromium. */
export function chromiumPath() {
  const found = [process.env.CHROMIUM_PATH, whichChromium(), fallbackPath].find(
    (candidate) => candidate && fs.existsSync(candidate),
  );
  if (!found) {
    throw new Error('No Chromium found: apt-get install chromium, or set CHROMIUM_PATH.');
  }
  return found;
}

/** chrome-launcher (Lighthouse's own launcher) picks a free DevTools port: `.port`, `.kill()`. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
