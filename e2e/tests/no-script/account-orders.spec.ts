import { expect, test } from '@playwright/test';
import { downloadedText, guestOrder } from '../../support/account-orders';
import { usd } from '../../support/checkout';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, PASSWORD, signInOnTheServer } from '../../support/researcher';

// A researcher's orders where no script runs: the server signed them in, renders /account and the
// order's page with their orders, and the invoice is a plain link carrying the session's cookie.

test(
  'a researcher signed in without scripts sees their order, opens it and downloads its invoice',
  { tag: '@journey' },
  async ({ page, baseURL }) => {
    const email = uniqueEmail('no-script-orders');
    await confirmedResearcher(page.request, email);
    await signInOnTheServer(page.request, baseURL!, email);
    const order = await guestOrder(page.request, email);

    const answer = await page.goto('/account');
    expect(answer!.headers()['cache-control']).toContain('no-store');
    const row = page.getByRole('listitem').filter({ hasText: order.orderNumber });
    await expect(row).toContainText('Awaiting payment');
    await expect(row).toContainText(usd(order.totals.total));
    await row.getByRole('link', { name: order.orderNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(usd(order.totals.total));

    const saving = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    const text = await downloadedText(await saving);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Unpaid (awaiting payment)');

    // Order again, without scripts: the order's lines in the cart, the cart checkout says what went in.
    await page.getByRole('button', { name: 'Order again' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(page.getByText('Order added to your cart')).toBeVisible();
    await expect(page.getByTestId('item-count')).toHaveText('1 item');
    await expect(page.getByText(/^10mg · \$[\d,.]+ each · Qty 1$/)).toBeVisible();

    await page.goto('/account/orders/ORD-00000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  },
);

test('without scripts, signing in from /account comes back to it', async ({ page }) => {
  const email = uniqueEmail('no-script-returning');
  await confirmedResearcher(page.request, email);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});
