/** Debian's Chromium, headless, with a DevTools port for Lighthouse; no tool downloads a browser. */
import * as chromeLauncher from 'chrome-launcher';
import { chromiumFlags, chromiumPath } from '../../testing/browser.ts';

/** chrome-launcher (Lighthouse's own launcher) picks a free DevTools port: `.port`, `.kill()`. */
export function launchChromium() {
  return chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumFlags });
}
