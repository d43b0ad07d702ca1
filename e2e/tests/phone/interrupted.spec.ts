import type { Page } from '@playwright/test';
import { expect, test } from '../../support/phone';

// A shopper on a slow phone who does not wait: reloads the moment after adding, presses Escape while
// the page is still waking. What the shop accepted stays, and what the shopper asked for happens.

test.beforeEach(async ({ context }) => {
  test.setTimeout(90_000);
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });
const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });

test('an addition outlives a reload sent before its answer came back, and is made once', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  // The scripted add (the page has taken its forms over): its answer, and the cart's cookie with it,
  // are a slow round trip away when the shopper reloads.
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByTestId('cart-count')).toHaveText('1', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
  await expect(panel(page).getByRole('spinbutton', { name: 'Quantity of TB-500 5mg' })).toHaveValue('1', {
    timeout: 30_000,
  });
});

test('Escape closes a panel the server opened after an add, whenever during hydration it is pressed', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'commit' });
  // Tapped before any script: the server completes the add and answers with the panel open.
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await expect(panel(page).getByTestId('cart-line')).toContainText('SEMAX', { timeout: 30_000 });
  // Each repetition presses at another moment of the page's waking: at once, or up to 2.7 s later.
  await page.waitForTimeout((test.info().repeatEachIndex % 10) * 300);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0, { timeout: 30_000 });
  await hydrated(page);
  await expect(panel(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/cart=open/);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});
