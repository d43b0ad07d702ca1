import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { asVerifiedAdult } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const PRODUCT_PICTURES = '**/api/catalog/images/**';

/** Scrolls through the page so lazy pictures are asked for, then counts those shown broken. */
async function brokenPictures(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.currentSrc && image.naturalWidth === 0)
      .map((image) => image.currentSrc),
  );
}

test('a product picture that cannot be loaded gives way to the default vial on every page that shows one', async ({
  page,
}) => {
  test.slow(); // five pages, each scrolled through
  await page.route(PRODUCT_PICTURES, (route) => route.abort('failed'));
  for (const path of ['/', '/catalog', '/product/bpc-157', '/checkout/bpc-157']) {
    await page.goto(path);
    await expect.poll(() => brokenPictures(page), { message: path }).toEqual([]);
    // Every product picture gave way: none is left in the page, and default vials stand in their place.
    await expect(page.locator('img[src*="/api/catalog/images/"]'), path).toHaveCount(0);
    expect(await page.getByTestId('default-image').count(), path).toBeGreaterThan(0);
  }
  // The BPC-157 checkout's Add to Cart goes on to the cart checkout, whose line shows the default vial.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  // The page's own list: the cart panel, which the add opens too, lists the same line.
  const items = page.getByRole('region', { name: 'Your items' });
  await expect(items.getByTestId('cart-line').getByTestId('default-image')).toHaveCount(1);
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  const cart = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(cart.getByTestId('default-image')).toHaveCount(2); // BPC-157 and SEMAX
});
