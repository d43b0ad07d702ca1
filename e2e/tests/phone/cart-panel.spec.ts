import type { Page } from '@playwright/test';
import { expect, test } from '../../support/phone';

// A phone shopper with a cart longer than the screen: the panel scrolls by itself, the page behind it
// holds still, and its total and Proceed to Checkout stay in reach.

test.beforeEach(async ({ context }) => {
  test.setTimeout(90_000);
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

/** Four products added from the home grid, as a shopper taps them (each add opens the panel: closed again). */
async function addFourProducts(page: Page) {
  await page.goto('/', { waitUntil: 'commit' });
  for (const name of ['Retatrutide 5mg', 'GHK-Cu 50mg', 'BPC-157 10mg', 'SEMAX 10mg']) {
    await page.getByRole('button', { name: `Add to Cart: ${name}` }).click();
    await expect(panel(page)).toBeVisible({ timeout: 30_000 });
    await expect(
      panel(page)
        .getByTestId('cart-line')
        .filter({ hasText: name.split(' ')[0]! }),
    ).toBeVisible({
      timeout: 30_000,
    });
    // Closed with its Close control (before the page has hydrated, a link to the page without the
    // panel: a page load, given a page load's time on this slow phone).
    await panel(page).getByRole('button', { name: 'Close cart' }).click();
    await expect(panel(page)).toHaveCount(0, { timeout: 30_000 });
  }
  // Each add said so; on a phone's width only the newest toast stands on the screen.
  const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('status');
  if (page.viewportSize()!.width < 768) expect(await toasts.count()).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: /^Open cart, 4 items$/ }).click();
  await expect(panel(page).getByTestId('cart-line')).toHaveCount(4, { timeout: 30_000 });
}

for (const [what, viewport] of [
  ['a phone held upright', { width: 390, height: 844 }],
  ['a phone held sideways', { width: 844, height: 390 }],
  ['a short phone', { width: 375, height: 664 }],
] as const) {
  test(`on ${what}, a cart of four products reaches its total and Proceed to Checkout, and the page behind holds still`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await addFourProducts(page);
    const proceed = panel(page).getByRole('button', { name: 'Proceed to Checkout' });
    if (viewport.height >= 560) {
      // Tall enough to keep them at the panel's foot: in sight at once, however long the cart.
      await expect(proceed).toBeInViewport({ ratio: 1 });
      await expect(panel(page).getByTestId('panel-total')).toBeInViewport();
    }
    await page.screenshot({ path: test.info().outputPath('cart-panel.png') });

    // A swipe over the panel scrolls the panel to its end: its last line, its total and Proceed; the
    // page behind it does not move.
    const pageScroll = await page.evaluate(() => window.scrollY);
    await panel(page).hover();
    await page.mouse.wheel(0, 3_000);
    await expect(panel(page).getByTestId('cart-line').last()).toBeInViewport();
    await expect(panel(page).getByTestId('panel-total')).toBeInViewport();
    await expect(proceed).toBeInViewport({ ratio: 1 });
    await page.mouse.move(10, viewport.height / 2);
    await page.mouse.wheel(0, 2_000);
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
    await page.screenshot({ path: test.info().outputPath('cart-panel-scrolled.png') });

    await proceed.click();
    await expect(page).toHaveURL(/\/cart-checkout$/, { timeout: 30_000 });
    await expect(page.getByTestId('item-count')).toHaveText('4 items', { timeout: 30_000 });
  });
}

test(
  'a quantity typed in the panel and confirmed with Enter is the quantity saved',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
    const quantity = panel(page).getByRole('spinbutton', { name: 'Quantity of TB-500 5mg' });
    await expect(quantity).toHaveValue('1', { timeout: 30_000 });
    for (const typed of ['9', '4']) {
      await quantity.fill(typed);
      await quantity.press('Enter');
      await expect(page.getByTestId('cart-count')).toHaveText(typed, { timeout: 30_000 });
    }
    // Shown at once, saved a moment later: the reload comes once the page has nothing more to send.
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('4', { timeout: 30_000 });
  },
);
