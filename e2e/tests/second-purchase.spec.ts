import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { fillOrderForm, payOnHostedPage, SANDBOX_CARDS, tickAgreements } from '../support/checkout';
import { asVerifiedAdult } from '../support/fixtures';

// A researcher who buys the same thing twice within a quarter of an hour: the second purchase is an
// order of its own with a page to pay it on, while a double press of one order is still one order.

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

/**
 * The payment pages the orders sent while `act` ran were given: from the checkout service's answer where
 * a script sent the order, from the form's redirect where the server completed it (a press before the
 * page hydrated). One page per order.
 */
async function paymentPagesAnswered(page: Page, act: () => Promise<void>): Promise<Set<string>> {
  const pages = new Set<string>();
  const fromRedirect = (response: Response) => {
    const location = response.headers()['location'];
    if (response.request().method() === 'POST' && location?.includes('/pay/')) pages.add(location);
  };
  // The service's answer is read on its way to the page (passed on unchanged): once the page has left
  // for the payment page, the browser no longer holds it.
  await page.route('**/api/checkout/orders', async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => ({}))) as { url?: string };
    if (body.url) pages.add(body.url);
    await route.fulfill({ response });
  });
  page.on('response', fromRedirect);
  try {
    await act();
  } finally {
    page.off('response', fromRedirect);
    await page.unroute('**/api/checkout/orders');
  }
  return pages;
}

/** On a payment page: it asks for a card (a Pay button), never "already been paid". */
async function expectPayable(page: Page) {
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expect(page.getByText('This payment link has already been paid.')).toHaveCount(0);
}

test('the same product bought again after paying is a new order with its own payment page; a double press is one', async ({
  page,
}) => {
  test.slow(); // two purchases across pages and services
  const buy = async () => {
    await page.goto('/checkout/tb-500?dosage=5mg&quantity=2');
    await fillOrderForm(page, { shipping: true, email: 'twice@lab.example' });
    await tickAgreements(page);
    await page.getByRole('button', { name: /^Complete Order • / }).dblclick();
    await page.waitForURL(/\/pay\//);
  };
  const first = await paymentPagesAnswered(page, buy);
  expect(first.size).toBe(1);
  const firstPage = page.url();
  await expectPayable(page);
  await payOnHostedPage(page, SANDBOX_CARDS.approved);
  await page.waitForURL(/\/success/);
  await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');

  const second = await paymentPagesAnswered(page, buy);
  expect(second.size).toBe(1);
  expect([...second][0]).not.toBe([...first][0]);
  expect(page.url()).not.toBe(firstPage);
  expect(firstPage).toBe([...first][0]);
  await expectPayable(page);
});

test('the same cart bought again after paying is a new order with its own payment page', async ({ page }) => {
  test.slow();
  const buyCart = async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping cart' });
    await panel.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await fillOrderForm(page, { shipping: true, email: 'cart-twice@lab.example' });
    await tickAgreements(page);
    await page.getByRole('button', { name: /^Complete Order • / }).click();
    await page.waitForURL(/\/pay\//);
  };
  await buyCart();
  const firstPage = page.url();
  await payOnHostedPage(page, SANDBOX_CARDS.approved);
  await page.waitForURL(/\/success/);
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();

  await buyCart();
  expect(page.url()).not.toBe(firstPage);
  await expectPayable(page);
});
