import { type Page } from '@playwright/test';
import { Client } from 'pg';
import { expect, test } from '../../support/test';
import { fillOrderForm, summaryTotalCents, tickAgreements } from '../../support/checkout';
import { asVerifiedAdult, toast } from '../../support/fixtures';
import { callFrom, SCALE_STACK } from '../../support/scale-stack';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const SEMAX_10MG = "channel = 'storefront' AND product_id = 'semax' AND dose = '10mg'";
const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

/** Changes SEMAX 10mg's storefront price in the catalog's own database, as an operator would. */
async function raiseSemaxPrice(cents: number) {
  // In the catalog's schema, as the service itself works (its triggers name its tables unqualified).
  const db = new Client({
    connectionString: process.env.TEST_DATABASE_URL,
    options: `-c search_path=${SCALE_STACK.schemaPrefix}catalog`,
  });
  await db.connect();
  try {
    await db.query(`UPDATE price_list_entries SET price_cents = price_cents + $1 WHERE ${SEMAX_10MG}`, [
      cents,
    ]);
  } finally {
    await db.end();
  }
}

/** Waits until both catalog instances serve SEMAX 10mg at this price (each refreshes within a second). */
async function catalogServes(priceCents: number) {
  await expect
    .poll(
      async () => {
        const answers = await Promise.all(
          [1, 2, 3, 4].map(() =>
            callFrom('127.0.0.71', `${SCALE_STACK.baseURL}/api/catalog/dedicated-checkouts/semax`),
          ),
        );
        return answers.map(
          (answer) =>
            answer
              .json<{ product: { doses: { dose: string; price: number }[] } }>()
              .product.doses.find((d) => d.dose === '10mg')!.price,
        );
      },
      { timeout: 5_000 },
    )
    .toEqual([priceCents, priceCents, priceCents, priceCents]);
}

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
    await raiseSemaxPrice(-600);
  }
});
