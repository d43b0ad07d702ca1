import { test as base, expect } from '@playwright/test';

/**
 * The phone profile a shopper on the move has (issue 28's measurements): a 375 px screen, the CPU six
 * times slower, 150 ms round trips and 1.6 Mbps down. Its tests act as soon as what they need shows,
 * as shoppers do: they never wait for the page to hydrate, nor for any mark of readiness.
 */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  cpuSlowdown: 6,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
};

export const test = base.extend({
  page: async ({ page }, provide) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await provide(page);
  },
});

/** Whether the page has hydrated yet: the tests record it, to show they acted before it had. */
export const hydrated = (page: import('@playwright/test').Page) =>
  page
    .evaluate(() => document.documentElement.hasAttribute('data-hydrated'))
    // The tap may already have taken the page elsewhere: nothing is left to ask.
    .catch(() => 'navigated away before it could be read');

export { expect };
