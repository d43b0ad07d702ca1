import { type Page } from '@playwright/test';
import { expect, test } from '../../support/test';
import { fillOrderForm, summaryTotalCents, tickAgreements } from '../../support/checkout';
import { asVerifiedAdult, toast } from '../../support/fixtures';
import { catalogServes, raiseSemaxPrice, restoreSemaxPrice } from '../../support/catalog-prices';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

test('a changed price re-prices the cart panel and cart checkout, marked; the hosted page charges what was shown', async ({
  page,
}) => {
  test.slow();
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await expect(panel(page).getByTestId('panel-total')).toHaveText('$89.00');
  await page.keyboard.press('Escape');

  await raiseSemaxPrice(500);
  try {
    await catalogServes(9400);
    // The next view of the panel asks the checkout service again, and says what changed.
    await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
    const line = panel(page).getByTestId('cart-line');
    await expect(line).toContainText('$94.00 each');
    await expect(line.getByTestId('price-changed')).toHaveText(
      'Price changed since you added it (was $89.00)',
    );
    await expect(panel(page).getByTestId('panel-total')).toHaveText('$94.00');
    await panel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(page.getByTestId('price-changed')).toBeVisible();
    await expect(page.getByTestId('summary-subtotal')).toHaveText('$94.00');
    // 94.00 + shipping 15.99 + tax 7.52 = 117.51
    expect(await summaryTotalCents(page)).toBe(11751);
    await fillOrderForm(page, { shipping: true });
    await tickAgreements(page);

    // The price moves again while the shopper fills in the form: the order at the old figure is refused,
    // nothing typed is lost, and the page shows the new figures to confirm.
    await raiseSemaxPrice(100);
    await catalogServes(9500);
    await page.getByRole('button', { name: 'Complete Order • $117.51' }).click();
    await expect(toast(page, 'Prices Changed')).toBeVisible();
    // 95.00 + shipping 15.99 + tax 7.60 = 118.59
    await expect(page.getByRole('button', { name: 'Complete Order • $118.59' })).toBeVisible();
    await expect(page.getByLabel('First Name *')).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Complete Order • $118.59' }).click();

    await page.waitForURL(/\/pay\//);
    await expect(page.getByRole('row', { name: /Total/ })).toContainText('$118.59');
  } finally {
    await restoreSemaxPrice();
  }
});
