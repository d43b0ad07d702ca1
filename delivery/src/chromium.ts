import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser for smoke checks and the e2e suite: CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else one Playwright already has. This project never downloads a browser.
 */
export function chromiumExecutable(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`CHROMIUM_PATH is set to ${configured}, but no file is there.`);
    return configured;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (existsSync(chromium.executablePath())) return undefined; // Playwright's own
  throw new Error(
    "No Chromium found. Install Debian's package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH " +
      'to a Chromium binary. This project never downloads a browser.',
  );
}

/** Flags that keep headless Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
