import { downloadedText, guestOrder } from '../support/account-orders';
import {
  fillOrderForm,
  payOnHostedPage,
  SANDBOX_CARDS,
  summaryTotalCents,
  tickAgreements,
  usd,
} from '../support/checkout';
import { asVerifiedAdult, expectNoSeriousA11yViolations, toast, uniqueEmail } from '../support/fixtures';
import { accessTokenOf, confirmedResearcher, PASSWORD } from '../support/researcher';
import { expect, test } from '../support/test';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test(
  "a researcher's orders: both in /account with their states and totals, the paid one whole with its invoice; no one else's",
  { tag: '@journey' },
  async ({ page, playwright, baseURL }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    const email = uniqueEmail('orders');
    await confirmedResearcher(page.request, email);
    await page.goto('/auth');
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // Signed in, a dedicated checkout with an affiliate code, paid; the order is placed by another email
    // (the lab's office), and is the account's because it was placed signed in.
    await page.goto('/checkout/cjc1295?dosage=10mg&quantity=2&ref=RESEARCH10');
    await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
    const paidTotal = await summaryTotalCents(page);
    await fillOrderForm(page, { shipping: true, email: uniqueEmail('office') });
    await tickAgreements(page);
    await page.getByRole('button', { name: `Complete Order • ${usd(paidTotal)}` }).click();
    await page.waitForURL(/\/pay\//);
    await payOnHostedPage(page, SANDBOX_CARDS.approved);
    await page.waitForURL(/\/success\?session_id=/);
    await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
    const paidNumber = (await page.getByTestId('order-number').textContent())!;
    // And a guest's order with the account's email, not paid.
    const unpaid = await guestOrder(page.request, email);

    await page.goto('/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Your Orders' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const rows = page.getByRole('listitem').filter({ hasText: /ORD-/ });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(unpaid.orderNumber);
    await expect(rows.nth(0)).toContainText('Awaiting payment');
    await expect(rows.nth(0)).toContainText(usd(unpaid.totals.total));
    await expect(rows.nth(1)).toContainText(paidNumber);
    await expect(rows.nth(1)).toContainText('Paid');
    await expect(rows.nth(1)).toContainText(usd(paidTotal));
    await expect(rows.nth(1)).toContainText('CJC-1295 10mg × 2');
    await expectNoSeriousA11yViolations(page);

    await rows.nth(1).getByRole('link', { name: paidNumber }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${paidNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(usd(paidTotal));
    await expect(page.getByText('Discount (RESEARCH10, 10%)')).toBeVisible();
    await expect(page.getByText('1 Lab Way, Tempe, AZ 85281, United States')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const saving = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download invoice (PDF)' }).click();
    const invoice = await saving;
    expect(invoice.suggestedFilename()).toBe(`Invoice-${paidNumber}.pdf`);
    const text = await downloadedText(invoice);
    expect(text).toContain(paidNumber);
    expect(text).toContain('CJC-1295 10mg');
    expect(text).toMatch(new RegExp(`Total\\s+\\${usd(paidTotal)}`));
    expect(text).toContain('Paid on');

    // Order again: the lines into the cart at today's prices, then the cart checkout, told so.
    await page.getByRole('button', { name: 'Order again' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(toast(page, 'Order added to your cart')).toBeVisible();
    await expect(page.getByTestId('item-count')).toHaveText('2 items');
    await expect(page.getByText('CJC-1295', { exact: true })).toBeVisible();
    await expect(page.getByText(/^10mg · \$[\d,.]+ each · Qty 2$/)).toBeVisible();

    // Another researcher sees none of it: the order's number is the same not-found as no order.
    const stranger = uniqueEmail('stranger');
    const other = await playwright.request.newContext({ baseURL });
    await confirmedResearcher(other, stranger);
    const token = await accessTokenOf(other, stranger);
    const asStranger = { headers: { authorization: `Bearer ${token}` } };
    const list = await other.get('/api/checkout/account/orders', asStranger);
    expect((await list.json()).orders).toEqual([]);
    const theirs = await other.get(`/api/checkout/account/orders/${paidNumber}`, asStranger);
    const none = await other.get('/api/checkout/account/orders/ORD-00000000', asStranger);
    expect([theirs.status(), none.status()]).toEqual([404, 404]);
    expect(await theirs.json()).toEqual(await none.json());
    await other.dispose();
  },
);

test('signed out, /account leads to sign in, which comes back to it', async ({ page }) => {
  const email = uniqueEmail('returning');
  await confirmedResearcher(page.request, email);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});
