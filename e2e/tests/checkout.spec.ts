import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  fillOrderForm,
  payOnHostedPage,
  SANDBOX_CARDS,
  summaryTotalCents,
  tickAgreements,
  usd,
} from '../support/checkout';
import { asVerifiedAdult, expectUncovered, MOBILE, toast } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

/** Spec section 2's formula, worked out here to check the number the page shows (the server's). */
const orderNumberFrom = (url: string) =>
  `ORD-${new URL(url).searchParams.get('session_id')!.slice(-8).toUpperCase()}`;

test(
  'a dedicated checkout with an affiliate code is paid on the hosted page and confirmed',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    await page.goto('/checkout/cjc1295?dosage=10mg&quantity=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Research Checkout' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /10mg/ })).toBeChecked();
    await expect(page.getByText('SKU: CJC-10MG')).toBeVisible();

    await page.getByRole('button', { name: 'Add affiliate code' }).click();
    await page.getByRole('textbox', { name: 'Affiliate code' }).fill('research10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Affiliate Code Applied')).toBeVisible();
    await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
    // 2 x 100.00 = 200.00; -20.00; shipping 15.99; tax 14.40 → 210.39
    await expect(page.getByTestId('summary-discount')).toHaveText('-$20.00');
    expect(await summaryTotalCents(page)).toBe(21039);

    await fillOrderForm(page, { shipping: true });
    const complete = page.getByRole('button', { name: 'Complete Order • $210.39' });
    await expect(complete).toBeDisabled();
    await tickAgreements(page);
    await complete.click();

    await page.waitForURL(/\/pay\//);
    await expect(page.getByRole('table', { name: 'Order summary' })).toContainText('CJC-1295 (10mg) × 2');
    await expect(page.getByRole('table', { name: 'Order summary' })).toContainText(
      'Research Partner - 10% off',
    );
    await expect(page.getByRole('row', { name: /Total/ })).toContainText('$210.39');
    await payOnHostedPage(page, SANDBOX_CARDS.approved);

    await page.waitForURL(/\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(orderNumberFrom(page.url()));
    await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
  },
);

test(
  'the generic checkout is paid through the sandbox and shows the order as paid',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    await page.goto('/checkout?peptideId=bpc-157&dosage=20mg&quantity=2');
    await expect(page.getByText('SKU: BPC157-20MG')).toBeVisible();
    await expect(page.getByText('99.9% Purity')).toBeVisible();
    // 2 x 149.99 = 299.98, free shipping, tax 24.00 → 323.98
    await expect(page.getByRole('note').filter({ hasText: 'Free shipping' })).toBeVisible();
    expect(await summaryTotalCents(page)).toBe(32398);
    await expect(page.getByLabel('Address *')).toHaveCount(0);
    await fillOrderForm(page, { shipping: false });
    await tickAgreements(page);
    await page.getByRole('button', { name: 'Complete Research Order • $323.98' }).click();
    await page.waitForURL(/\/pay\//);
    await expect(page.getByRole('row', { name: /Total/ })).toContainText(usd(32398));
    await payOnHostedPage(page, SANDBOX_CARDS.approved);
    await page.waitForURL(/\/success/);
    await expect(page.getByTestId('order-number')).toHaveText(orderNumberFrom(page.url()));
    await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
  },
);

test(
  'an expired or declined card stays on the payment page; Cancel returns to /cancel',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/checkout/semax');
    await fillOrderForm(page, { shipping: true });
    await tickAgreements(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await page.waitForURL(/\/pay\//);
    const paymentPage = page.url();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/cancel$/);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Homepage' })).toHaveAttribute('href', '/');
    // Try Again goes back to the payment page the shopper came from.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.waitForURL(paymentPage);
    await payOnHostedPage(page, SANDBOX_CARDS.approved, '01/20');
    await expect(page.getByRole('alert')).toHaveText('Card expired. Try another card.');
    await payOnHostedPage(page, SANDBOX_CARDS.declined);
    await expect(page.getByRole('alert')).toHaveText('Card declined. Try another card.');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/cancel$/);
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  },
);

test("opened in a new tab, 'Try Again' and a checkout's 'Back' go home; after a page of the shop, back to it", async ({
  page,
}) => {
  await page.goto('/cancel');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/checkout/semax');
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Reached from another page of the shop, Back returns to it.
  await page.goto('/product/bpc-157');
  await page.getByRole('button', { name: /^Buy Now/ }).click();
  await expect(page).toHaveURL(/\/checkout\?peptideId=bpc-157/);
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/product\/bpc-157$/);
  // Opened by typing its address after another page of the shop, in the same tab: Back returns to it.
  await page.goto('/catalog');
  await page.goto('/checkout/semax');
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
});

test('missing fields are named by toast and nothing is sent', { tag: '@journey' }, async ({ page }) => {
  let orders = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/checkout/orders')) orders += 1;
  });
  await page.goto('/checkout/tb-500');
  await page.getByLabel('Email *').fill('ada@lab.example');
  await tickAgreements(page);
  await page.getByRole('button', { name: /Complete Order/ }).click();
  await expect(toast(page, 'Missing Information')).toBeVisible();
  await expect(
    page.getByText('Please fill in all required fields including shipping address.'),
  ).toBeVisible();

  await page.goto('/checkout?peptideId=ghk-cu');
  await tickAgreements(page);
  await page.getByRole('button', { name: /Complete Research Order/ }).click();
  await expect(page.getByText('Please fill in all required fields.', { exact: true })).toBeVisible();
  expect(orders).toBe(0);
});

test('at phone width, a form sent again and again shows one toast, and the first empty field takes focus uncovered', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/checkout/tb-500');
  await fillOrderForm(page, { shipping: true });
  await page.getByLabel('City *').fill('');
  await page.getByLabel('ZIP Code *').fill('');
  await tickAgreements(page);
  const complete = page.getByRole('button', { name: /Complete Order/ });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await complete.click();
    await expect(toast(page, 'Missing Information')).toHaveCount(1);
  }
  const city = page.getByLabel('City *');
  await expect(city).toBeFocused();
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('ZIP Code *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('State *')).toHaveAttribute('aria-invalid', 'false');
  await expectUncovered(city);
  await city.fill('Tempe');
  await page.getByLabel('ZIP Code *').focus();
  await expectUncovered(page.getByLabel('ZIP Code *'));
  await complete.scrollIntoViewIfNeeded();
  await complete.focus();
  await expectUncovered(complete);
});

test("Enter in a field with an agreement unticked says 'Agreement Required' and sends nothing", async ({
  page,
}) => {
  let orders = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/checkout/orders')) orders += 1;
  });
  await page.goto('/checkout/igf1-lr3');
  await fillOrderForm(page, { shipping: true });
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByLabel('Email *').press('Enter');
  await expect(toast(page, 'Agreement Required')).toBeVisible();
  await expect(page.getByText('Please agree to all terms and conditions.')).toBeVisible();
  expect(orders).toBe(0);
});

test(
  'Complete Order waits for both agreements, then shows Processing... and ignores repeat clicks',
  { tag: '@journey' },
  async ({ page }) => {
    let orders = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/checkout/orders', async (route) => {
      orders += 1;
      await held;
      await route.continue();
    });
    await page.goto('/checkout/igf1-lr3');
    await fillOrderForm(page, { shipping: true });
    const complete = page.getByRole('button', { name: /Complete Order/ });
    await expect(complete).toBeDisabled();
    await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
    await expect(complete).toBeDisabled();
    await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await expect(complete).toBeEnabled();
    await complete.click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await expect(processing).toBeDisabled();
    await processing.click({ force: true });
    release();
    await page.waitForURL(/\/pay\//);
    expect(orders).toBe(1);
  },
);

test("a failing checkout service, or an answer without a payment page, gets the spec's Payment Error", async ({
  page,
}) => {
  const keys: string[] = [];
  let answer = {
    status: 503,
    body: {
      type: 'about:blank',
      title: 'Service unavailable',
      status: 503,
      detail: 'The checkout service is unavailable right now. Please try again shortly.',
    } as Record<string, unknown>,
  };
  await page.route('**/api/checkout/orders', (route) => {
    keys.push(route.request().headers()['idempotency-key']!);
    return route.fulfill({
      status: answer.status,
      contentType: answer.status >= 400 ? 'application/problem+json' : 'application/json',
      body: JSON.stringify(answer.body),
    });
  });
  await page.goto('/checkout/igf1-lr3');
  await fillOrderForm(page, { shipping: true });
  await tickAgreements(page);
  const complete = page.getByRole('button', { name: /Complete Order/ });
  await complete.click();
  await expect(toast(page, 'Payment Error')).toBeVisible();
  await expect(
    page.getByText(
      'Failed to initiate payment: The checkout service is unavailable right now. Please try again shortly. Please try again.',
    ),
  ).toBeVisible();
  // A service down may be restarting: the page sent the order once more by itself, with the same key.
  expect(keys).toHaveLength(2);
  expect(new Set(keys).size).toBe(1);

  answer = { status: 201, body: { orderId: 'order-1', orderNumber: 'ORD-00000001', status: 'pending' } };
  await complete.click();
  await expect(
    page.getByText('Failed to initiate payment: No checkout URL received. Please try again.'),
  ).toBeVisible();
  // An answer is not a failure that may pass: it is not sent again.
  expect(keys).toHaveLength(3);
  await expect(complete).toBeEnabled();
});

test(
  'an invalid affiliate code is refused with a toast and no discount',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/checkout/ghk-cu');
    await page.getByRole('button', { name: 'Add affiliate code' }).click();
    await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Affiliate code' }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Invalid Code')).toBeVisible();
    await expect(page.getByTestId('summary-discount')).toHaveCount(0);
    expect(await summaryTotalCents(page)).toBe(6999 + 1599 + 560);
    // What was typed stays, focused, to be corrected rather than typed again.
    const input = page.getByRole('textbox', { name: 'Affiliate code' });
    await expect(input).toHaveValue('NOT-A-CODE');
    await expect(input).toBeFocused();
    await input.fill('research10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
    // The code that applied answers the one refused: 'Invalid Code' does not stay beside it.
    await expect(toast(page, 'Affiliate Code Applied')).toBeVisible();
    await expect(toast(page, 'Invalid Code')).toHaveCount(0);
  },
);

test('a code applied in one tab reaches a checkout open in another, and so does its removal', async ({
  page,
  context,
}) => {
  await page.goto('/checkout/semax');
  await expect(page.getByRole('button', { name: 'Add affiliate code' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/checkout/ghk-cu');
  await other.getByRole('button', { name: 'Add affiliate code' }).click();
  await other.getByRole('textbox', { name: 'Affiliate code' }).fill('research10');
  await other.getByRole('button', { name: 'Apply' }).click();
  await expect(other.getByText('Research Partner - 10% off')).toBeVisible();

  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  await other.getByRole('button', { name: 'Remove affiliate code' }).click();
  await expect(page.getByRole('button', { name: 'Add affiliate code' })).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
});

/** The header's controls a shopper can reach (a closed phone menu's links are not). */
const headerControls = (page: Page) => {
  const banner = page.getByRole('banner');
  return banner.getByRole('button').or(banner.getByRole('link')).or(banner.getByRole('searchbox'));
};

/** How many of `targets` the toasts shown lie over, in part. */
const coveredByToasts = (targets: Locator) =>
  targets.evaluateAll((elements) => {
    const toasts = [...(document.querySelector('[aria-label="Notifications"]')?.children ?? [])].map(
      (toast) => toast.getBoundingClientRect(),
    );
    return elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return toasts.some(
        (toast) =>
          box.width > 0 &&
          box.bottom > toast.top &&
          box.top < toast.bottom &&
          box.right > toast.left &&
          box.left < toast.right,
      );
    }).length;
  });

for (const [profile, size] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', MOBILE],
] as const) {
  test(`on the ${profile}, a refused order's toast leaves the vial sizes, the marked fields and the header in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/checkout/bpc-157');
    for (const agreement of await page.getByRole('checkbox').all()) await agreement.check();
    await page.getByRole('button', { name: /^Complete Order/ }).click();
    await expect(page.getByLabel('Notifications').getByText('Missing Information')).toBeVisible();
    // Measured once the page has settled from the scroll to the first empty field (a frame or two).
    const clear = { timeout: 2000 };
    await expect.poll(() => coveredByToasts(page.getByRole('radio')), clear).toBe(0);
    await expect.poll(() => coveredByToasts(headerControls(page)), clear).toBe(0);
    await expect.poll(() => coveredByToasts(page.locator('[aria-invalid="true"]:focus')), clear).toBe(0);
    await page.screenshot({ path: test.info().outputPath('missing-information-toast.png') });
  });
}

test('?ref= applies a code on a checkout page only when none is active', async ({ page }) => {
  await page.goto('/checkout/retatrutide?ref=research10');
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-$14.00');
  // With RESEARCH10 active, another ?ref= on a checkout page is not looked up at all (the saved
  // RESEARCH10 is, as the page loads).
  let lookups = 0;
  page.on('request', (request) => {
    if (request.url().includes('/affiliates/lookup') && request.postData()?.includes('OTHER-CODE'))
      lookups += 1;
  });
  await page.goto('/checkout/semax?ref=OTHER-CODE');
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  expect(lookups).toBe(0);
  await page.getByRole('button', { name: 'Remove affiliate code' }).click();
  await expect(page.getByRole('button', { name: 'Add affiliate code' })).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
});

test(
  'an unoffered vial amount falls back to the first, and an unknown product is not found',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/checkout/retatrutide?dosage=7mg&quantity=0');
    await expect(page.getByRole('radio', { name: /^5mg/ })).toBeChecked();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await page.goto('/checkout?peptideId=unobtainium');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test("Retatrutide's back goes home; the checkout works at phone width", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/catalog');
  await page.goto('/checkout/retatrutide');
  await expect(page.getByRole('button', { name: /Complete Order/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the Terms of Service open in a new tab, and the form keeps what was filled in', async ({ page }) => {
  await page.goto('/checkout/tb-500');
  await fillOrderForm(page, { shipping: true });
  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/terms-of-service$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await terms.close();
  await expect(page).toHaveURL(/\/checkout\/tb-500$/);
  await expect(page.getByLabel('Email *')).toHaveValue('ada@lab.example');
  await expect(page.getByLabel('ZIP Code *')).toHaveValue('85281');
});

test('/success claims success only for an order the shop knows: an honest not-found, a pending order confirming', async ({
  page,
}) => {
  // Three page loads and an order on its way to the payment page: more than one ordinary test's time.
  test.slow();
  // The server renders the page with the order's status as the checkout service tells it.
  await page.goto('/success?session_id=no-such-order');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(
    'We cannot find this order. If you were charged, please contact support with this reference.',
  );
  await expect(page.getByText('Payment Successful')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toHaveCount(0);
  await page.goto('/success');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  // No reference to quote: the shopper is not asked for one.
  await expect(page.getByTestId('order-reference')).toHaveCount(0);
  await expect(page.getByTestId('payment-status')).toHaveText(
    'This link does not name an order. If you were charged, please contact support with the email address you ordered with.',
  );

  // A real order not paid yet: the spec's page, still confirming the payment.
  await page.goto('/checkout/semax');
  await fillOrderForm(page, { shipping: true });
  await tickAgreements(page);
  // The order's id, read on its way to the page (which leaves for the payment page at once).
  let orderId = '';
  await page.route('**/api/checkout/orders', async (route) => {
    const response = await route.fetch();
    orderId = ((await response.json()) as { orderId: string }).orderId;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: /Complete Order/ }).click();
  await page.waitForURL(/\/pay\//);
  await page.goto(`/success?session_id=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Confirming your payment…');
});

test("a saved affiliate code is checked with the service when the site loads: the service's rate counts", async ({
  page,
}) => {
  const data = { affiliateId: 'tampered', affiliateName: 'Research Partner', discountRate: 0.5 };
  await page.addInitScript((data) => {
    localStorage.setItem('affiliate_code', 'RESEARCH10');
    localStorage.setItem('affiliate_data', JSON.stringify(data));
  }, data);
  // A stored rate of 50% for RESEARCH10: the page shows the service's 10%, as the payment page charges.
  await page.goto('/checkout/semax');
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-$8.90');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('affiliate_data')!).discountRate)).toBe(
    0.1,
  );
});

test('a saved affiliate code the service no longer knows loses its chip and discount at once', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('affiliate_code', 'WITHDRAWN10');
    localStorage.setItem(
      'affiliate_data',
      JSON.stringify({ affiliateId: 'a-gone', affiliateName: 'Former Partner', discountRate: 0.1 }),
    );
  });
  await page.goto('/checkout/semax');
  await expect(toast(page, 'Affiliate code removed')).toBeVisible();
  await expect(page.getByText('Former Partner - 10% off')).toHaveCount(0);
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add affiliate code' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('affiliate_code'))).toBeNull();
});
