/**
 * The slow phone the browser checks emulate, as Lighthouse's mobile preset does: Chromium's CPU
 * slowed 4× and its slow 4G. One home for the e2e suite and `npm run bench:my-paint`.
 */
import type { Page } from 'playwright-core';

/** Lighthouse's slow 4G: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const cpuSlowdown = 4;

/** Throttles this page's CPU and network until it closes. */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
}
