import { expect, type Page } from '@playwright/test';
import { approveByCommand, refundInSandbox, uniqueAffiliateName } from '../support/affiliates';
import {
  orderChargingOnHostedPage,
  payOnHostedPage,
  SANDBOX_CARDS,
  summaryTotalCents,
  usd,
} from '../support/checkout';
import { asVerifiedAdult, uniqueEmail } from '../support/fixtures';
import { confirmedResearcher, signInOnTheServer } from '../support/researcher';
import { test } from '../support/test';

test(
  'anyone reads how to join the affiliate program; signing in leads to the application',
  { tag: '@journey' },
  async ({ page }) => {
    await asVerifiedAdult(page);
    await page.goto('/affiliate');
    await expect(page.getByRole('heading', { name: 'Affiliate Program' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth');
    await expect(main.getByRole('link', { name: 'create an account' })).toHaveAttribute(
      'href',
      '/auth?tab=sign-up',
    );
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  },
);

test('the program is found from every page: the footer links it, and so does a signed-in account menu', async ({
  page,
  baseURL,
}) => {
  await asVerifiedAdult(page);
  await page.goto('/catalog');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Affiliate Program' }).click();
  await expect(page).toHaveURL(/\/affiliate$/);
  await expect(page.getByRole('heading', { name: 'Affiliate Program' })).toBeVisible();

  const email = uniqueEmail('finds-program');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('group', { name: 'Account' });
  await menu.getByRole('link', { name: 'Affiliate Program' }).click();
  await expect(page).toHaveURL(/\/affiliate$/);
  await expect(menu).toHaveCount(0);
});

/** A figure of the affiliate's portal, by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** The portal's row of an order, by its number. */
const orderRow = (page: Page, orderNumber: string) => page.getByRole('row').filter({ hasText: orderNumber });

/** Reloads the portal until `check` holds: the program hears of payments and refunds a moment after them. */
const untilPortal = (page: Page, check: () => Promise<void>) =>
  expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });

const centsOf = async (text: Promise<string | null>) =>
  Math.round(Number((await text)!.replace(/[^0-9.]/g, '')) * 100);

/** Sends the order the checkout page shows, pays it on the sandbox's hosted page; the hosted page and order number. */
async function orderAndPay(page: Page, email: string): Promise<{ hostedPage: string; orderNumber: string }> {
  await orderChargingOnHostedPage(page, await summaryTotalCents(page), email);
  const hostedPage = page.url();
  await payOnHostedPage(page, SANDBOX_CARDS.approved);
  await page.waitForURL(/\/success/);
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  return { hostedPage, orderNumber };
}

test('an affiliate joins, a shopper follows their link and pays, and the portal counts it', async ({
  page,
  baseURL,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await asVerifiedAdult(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('affiliate');
  const name = uniqueAffiliateName('Dr. Ada Lab');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);

  await page.goto('/affiliate');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Website or channel').fill('https://peptide-notes.example');
  await page.getByLabel('How you will promote us').fill('A weekly letter to 2,000 lab managers.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Thank you, ${name}. Your application is being reviewed.`)).toBeVisible();

  // The operator approves it with the command line, while the site runs.
  const code = await approveByCommand(baseURL!, name);

  await page.reload();
  await expect(page.getByText('Approved')).toBeVisible();
  await expect(page.getByText(`Your code: ${code}`)).toBeVisible();
  const link = `${baseURL}/ref/${code}`;
  await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(link);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(figure(page, 'Clicks')).toHaveText('0');
  await expect(page.getByText('No orders yet.')).toBeVisible();

  // A shopper, in a browser of their own, follows the link the affiliate copied.
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await asVerifiedAdult(shopperPage);
  await shopperPage.goto(link);
  await expect(shopperPage.getByRole('heading', { name: 'Affiliate Code Applied!' })).toBeVisible();
  await shopperPage.waitForURL(`${baseURL}/`);

  // Two days later by the page's clock (moved, not waited for; the link's own time is signed by the
  // shop, and the program's window of 30 days is held by its service tests), the shopper comes back to a
  // checkout and pays.
  await shopperPage.clock.install({ time: Date.now() + 2 * 24 * 60 * 60 * 1000 });
  await shopperPage.goto('/checkout/retatrutide');
  await expect(shopperPage.getByText(`${name} - 10% off`)).toBeVisible();
  const referred =
    (await centsOf(shopperPage.getByTestId('summary-subtotal').textContent())) -
    (await centsOf(shopperPage.getByTestId('summary-discount').textContent()));
  const commission = Math.round(referred / 10);
  const paid = await orderAndPay(shopperPage, uniqueEmail('referred-shopper'));
  await shopper.close();

  await untilPortal(page, () => expect(figure(page, 'Orders')).toHaveText('1', { timeout: 1000 }));
  await expect(figure(page, 'Clicks')).toHaveText('1');
  await expect(figure(page, 'Conversion rate')).toHaveText('100.0%');
  await expect(figure(page, 'Revenue referred')).toHaveText(usd(referred));
  await expect(figure(page, 'Commission pending')).toHaveText(usd(commission));
  await expect(figure(page, 'Commission payable')).toHaveText('$0.00');
  const chart = page.getByRole('img', { name: /^Last 30 days, .*: 1 clicks and 1 orders\.$/ });
  await expect(chart).toBeVisible();
  // As many orders as clicks: both bars drawn, one beside the other.
  const drawnBars = (kind: string) =>
    chart
      .locator(`rect.${kind}`)
      .evaluateAll((rects) => rects.filter((rect) => rect.getBoundingClientRect().height > 0).length);
  expect([await drawnBars('clicks'), await drawnBars('orders')]).toEqual([1, 1]);
  await page.screenshot({ path: test.info().outputPath('portal.png'), fullPage: true });
  await expect(orderRow(page, paid.orderNumber)).toContainText(
    [usd(referred), usd(commission), 'Pending (refund window)'].join(''),
  );
  await expect(page.getByRole('table')).not.toContainText('referred-shopper');

  // The shop refunds the order: Square's refund event reverses the commission.
  await refundInSandbox(paid.hostedPage);
  await untilPortal(page, () =>
    expect(orderRow(page, paid.orderNumber)).toContainText('Reversed: refunded or cancelled', {
      timeout: 1000,
    }),
  );
  await expect(figure(page, 'Commission pending')).toHaveText('$0.00');
  await expect(figure(page, 'Orders')).toHaveText('0');

  // The affiliate buys with their own code: the order is listed, and earns nothing.
  await page.goto(`/checkout/retatrutide?ref=${code}`);
  await expect(page.getByText(`${name} - 10% off`)).toBeVisible();
  const own = await orderAndPay(page, email);
  await page.goto('/affiliate');
  await untilPortal(page, () =>
    expect(orderRow(page, own.orderNumber)).toContainText('No commission: your own order', { timeout: 1000 }),
  );
  await expect(orderRow(page, own.orderNumber)).toContainText('$0.00');
  await expect(figure(page, 'Commission pending')).toHaveText('$0.00');

  // A second affiliate sees their own (empty) figures, none of the first's.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await asVerifiedAdult(otherPage);
  const otherEmail = uniqueEmail('other-affiliate');
  const otherName = uniqueAffiliateName('Dr. Other Lab');
  await confirmedResearcher(otherPage.request, otherEmail);
  await signInOnTheServer(otherPage.request, baseURL!, otherEmail);
  await otherPage.goto('/affiliate');
  await otherPage.getByLabel('Your name').fill(otherName);
  await otherPage.getByLabel('Website or channel').fill('https://other-notes.example');
  await otherPage.getByLabel('How you will promote us').fill('Seminars.');
  await otherPage.getByRole('button', { name: 'Apply' }).click();
  await expect(otherPage.getByText(`Thank you, ${otherName}.`, { exact: false })).toBeVisible();
  await approveByCommand(baseURL!, otherName);
  await otherPage.reload();
  await expect(figure(otherPage, 'Clicks')).toHaveText('0');
  await expect(figure(otherPage, 'Revenue referred')).toHaveText('$0.00');
  await expect(otherPage.getByText(code)).toHaveCount(0);
  await expect(otherPage.getByText(paid.orderNumber)).toHaveCount(0);
  await expect(otherPage.getByText(own.orderNumber)).toHaveCount(0);
  await other.close();
});
