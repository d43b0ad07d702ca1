import { guestOrder } from '../../support/account-orders';
import { usd } from '../../support/checkout';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, signInOnTheServer } from '../../support/researcher';
import { expect, hydrated, test } from '../../support/phone';

// A researcher's orders on a slow phone, tapped as soon as they show: the list, the order within the
// screen, and Order again (before hydration, the plain form the checkout module's action completes).

test(
  'on a phone, a researcher opens an order from /account as soon as it shows and orders it again',
  { tag: '@journey' },
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.context().addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    const email = uniqueEmail('phone-orders');
    await confirmedResearcher(page.request, email);
    await signInOnTheServer(page.request, baseURL!, email);
    const order = await guestOrder(page.request, email);

    await page.goto('/account', { waitUntil: 'commit' });
    await page.getByRole('link', { name: order.orderNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByTestId('order-total')).toHaveText(usd(order.totals.total));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    test
      .info()
      .annotations.push({ type: 'hydrated when ordering again', description: String(await hydrated(page)) });
    await page.getByRole('button', { name: 'Order again' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/, { timeout: 30_000 });
    await expect(page.getByTestId('item-count')).toHaveText('1 item', { timeout: 30_000 });
    await expect(page.getByText(/^10mg · \$[\d,.]+ each · Qty 1$/)).toBeVisible();
  },
);
