import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumExecutable } from '@storefront/delivery/chromium';

/** An interaction a shopper makes on a page that has loaded, and how to make it. */
export interface Interaction {
  label: string;
  url: string;
  act(page: Page): Promise<void>;
}

export interface InteractionFigures {
  interaction: Interaction;
  /** INP of each run, ms (the web-vitals library's measure). */
  runs: number[];
  median: number;
}

/** The web-vitals library as a script for the page (its IIFE build, beside its main one: `webVitals`). */
const WEB_VITALS = readFileSync(
  path.join(path.dirname(createRequire(__filename).resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
);

/** How much slower than this machine the CPU runs (the mobile preset's slowdown). */
const CPU_SLOWDOWN = 4;

/**
 * One interaction on a freshly loaded page, as its INP: the page loaded and hydrated on a 4× slower
 * CPU (as Lighthouse's mobile preset slows it), the interaction made, and web-vitals' INP read once
 * the browser has reported it.
 */
async function measureOnce(interaction: Interaction): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(`${WEB_VITALS};
      window.localStorage.setItem('ageVerified', 'true');
      window.__inp = 0;
      webVitals.onINP((metric) => { window.__inp = metric.value; }, { reportAllChanges: true });`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(interaction.url);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    // The page settles (scripts that follow hydration, pictures), as a shopper reading it would let it.
    await page.waitForTimeout(1000);
    await interaction.act(page);
    await page.waitForFunction(() => (window as unknown as { __inp: number }).__inp > 0, null, {
      timeout: 10_000,
    });
    return await page.evaluate(() => (window as unknown as { __inp: number }).__inp);
  } finally {
    await browser.close();
  }
}

export async function measureInteraction(
  interaction: Interaction,
  runs: number,
): Promise<InteractionFigures> {
  const values: number[] = [];
  for (let i = 0; i < runs; i += 1) values.push(await measureOnce(interaction));
  return { interaction, runs: values, median: [...values].sort((a, b) => a - b)[Math.floor(runs / 2)]! };
}

/** The interactions the budget names: a dose changed, a vial added to the cart, the cart opened. */
export function shopperInteractions(base: string): Interaction[] {
  const card = (page: Page) => page.getByTestId('home-product').filter({ hasText: 'Retatrutide' });
  return [
    {
      label: 'dose change (home card, 5mg → 20mg)',
      url: `${base}/`,
      act: (page) => card(page).getByRole('radio', { name: /^20mg/ }).click(),
    },
    {
      label: 'add to cart (home card)',
      url: `${base}/`,
      act: (page) =>
        card(page)
          .getByRole('button', { name: /Add to Cart/ })
          .click(),
    },
    {
      label: 'opening the cart panel',
      url: `${base}/catalog`,
      act: (page) => page.getByRole('button', { name: /Open cart/ }).click(),
    },
  ];
}
