import { fillOrderForm, tickAgreements } from '../../support/checkout';
import { holdScripts, uniqueEmail } from '../../support/fixtures';
import { expect, hydrated, test } from '../../support/phone';
import { confirmedResearcher, PASSWORD, signInOnTheServer } from '../../support/researcher';

// Every test here acts the moment what it needs is on screen, on a slow phone, and never waits for the
// page to hydrate: what a shopper does in that gap must count.

test.beforeEach(async ({ context }) => {
  test.setTimeout(90_000);
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test(
  'a dedicated checkout typed into at once loses nothing and reaches the payment page',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/checkout/retatrutide', { waitUntil: 'commit' });
    await page.getByLabel('Email *').waitFor();
    test
      .info()
      .annotations.push({ type: 'hydrated when typing began', description: String(await hydrated(page)) });
    await page.getByRole('radio', { name: /20mg/ }).check();
    await fillOrderForm(page, { shipping: true });
    await tickAgreements(page);
    await expect(page.getByLabel('Email *')).toHaveValue('ada@lab.example');
    await expect(page.getByLabel('ZIP Code *')).toHaveValue('85281');
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:4110\/pay\//, { timeout: 30_000 });
    // What was chosen before the page hydrated is what is charged: 20mg at $199, free of nothing else.
    await expect(page.getByRole('row', { name: /Total/ })).toContainText('$230.91');
  },
);

test('the newsletter typed into as soon as it shows subscribes', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  // Scrolled to, as a shopper does: the page comes with it rendered, or fetches it as it nears the screen.
  await page.locator('[data-region="content/Newsletter"]').scrollIntoViewIfNeeded();
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill(uniqueEmail('phone-newsletter'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible({ timeout: 30_000 });
});

test('a search typed in the header on another page shows its results at once', async ({ page }) => {
  await page.goto('/catalog', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('semax');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/\?q=semax$/, { timeout: 30_000 });
  const results = page.getByTestId('home-product');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('SEMAX');
  await expect(results.first()).toBeInViewport();
});

test(
  'signing in as soon as the form shows signs the researcher in',
  { tag: '@journey' },
  async ({ page, request }) => {
    const email = uniqueEmail('phone-sign-in');
    await confirmedResearcher(request, email);
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect(quickLinks.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/$/);
  },
);

test.describe('a newcomer', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => window.localStorage.removeItem('ageVerified'));
  });

  test(
    "answers the age gate with the first tap on 'YES', and it stays answered",
    { tag: '@journey' },
    async ({ page }) => {
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'YES - I am 21+' }).click();
      await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeHidden();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
        timeout: 30_000,
      });
      await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeHidden();
      await page.reload({ waitUntil: 'commit' });
      await expect(page.getByRole('heading', { name: 'Premium Research Peptides' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toHaveCount(0);
      // Nor is it in any page the server sends this visitor, so it cannot flash before the script runs.
      for (const path of [
        '/',
        '/catalog',
        '/product/bpc-157',
        '/checkout/semax',
        '/refund-policy',
        '/nowhere',
      ]) {
        expect(await (await page.request.get(path)).text(), path).not.toContain('Age Verification Required');
      }
    },
  );

  test("is asked on the server's own page, before any script", async ({ request }) => {
    expect(await (await request.get('/')).text()).toContain('Age Verification Required');
  });
});

test('the cart button and the menu toggle act on the first tap', async ({ page }) => {
  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Close menu' }).click();

  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a cart panel the server opened (a tap before any script) is still open once the page hydrates', async ({
  page,
}) => {
  await page.goto('/catalog?cart=open', { waitUntil: 'commit' });
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible({ timeout: 30_000 });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  // Closed by the shopper, it stays closed on a reload.
  await page.getByRole('button', { name: /Close cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeHidden();
  await page.reload();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeHidden();
});

test('a vial size tapped on a home card before the page hydrated shows its price, and keeps it', async ({
  page,
}) => {
  await page.goto('/', { waitUntil: 'commit' });
  const card = page.getByTestId('home-product').filter({ hasText: 'Retatrutide' });
  await card.getByRole('radio', { name: /^20mg/ }).check();
  await expect(card.getByText('$199.00')).toBeVisible();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });
  await expect(card.getByTestId('price')).toHaveText('$199.00');
  await expect(card.getByRole('radio', { name: /20mg/ })).toBeChecked();
  await card.getByRole('button', { name: 'Add to Cart: Retatrutide 20mg' }).click();
  await expect(page.getByRole('dialog', { name: 'Shopping cart' }).getByTestId('cart-line')).toContainText(
    '20mg',
    { timeout: 30_000 },
  );
});

test("'Try Again' and a checkout's 'Back' tapped at once go where they say", async ({ page }) => {
  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Research Peptide Catalog' }).waitFor();
  await page.goto('/cancel', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Try Again' }).click();
  test.info().annotations.push({
    type: 'hydrated when Try Again was tapped',
    description: String(await hydrated(page)),
  });
  await expect(page).toHaveURL(/\/catalog$/, { timeout: 30_000 });

  await page.goto('/checkout/semax', { waitUntil: 'commit' });
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/catalog$/, { timeout: 30_000 });
});

test('a Complete Order tapped before any script, with the fields empty, opens at its refusal, focused', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/checkout/bpc-157', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /^Complete Order/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Missing Information' });
  await expect(refusal).toBeFocused({ timeout: 30_000 });
  await expect(refusal).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('refused-order.png') });
  releaseScripts();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 30_000,
  });
  await expect(refusal).toBeInViewport();
});

test(
  "an Add to Cart tapped before any script gets the spec's toast, as with scripts",
  { tag: '@journey' },
  async ({ page }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
    const panel = page.getByRole('dialog', { name: 'Shopping cart' });
    await expect(panel.getByTestId('cart-line')).toContainText('SEMAX', { timeout: 30_000 });
    await expect(page.getByText('SEMAX - 10mg has been added to your cart.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('added-before-scripts.png') });
    releaseScripts();
    // 'Added!' shows for two seconds, which a slow phone's test runner can miss: the page itself notes it,
    // from the first byte of each document (the tap may be sent by the form, before the page hydrated).
    await page.addInitScript(() => {
      const note = () => {
        for (const button of document.querySelectorAll('button'))
          if (button.textContent === 'Added!') Object.assign(window, { saidAdded: true });
      };
      new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/product/bpc-157', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect
      // Read between documents (the form's answer replacing the page), there is nothing to read yet.
      .poll(() => page.evaluate(() => 'saidAdded' in window).catch(() => false), { timeout: 30_000 })
      .toBe(true);
    await expect(page.getByRole('button', { name: 'Open cart, 2 items' })).toBeVisible();
  },
);

test('Space on the cart button before the page hydrated opens the cart, and scrolls nothing', async ({
  page,
}) => {
  await holdScripts(page);
  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Open cart, 0 items' }).focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a signed-in researcher's Account icon tapped before the page hydrated opens its menu once it has", async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('phone-account-menu');
  await confirmedResearcher(request, email);
  await signInOnTheServer(page.request, baseURL!, email);
  const releaseScripts = await holdScripts(page);
  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Account' }).click();
  releaseScripts();
  await expect(page.getByRole('group', { name: 'Account' }).getByTestId('account-email')).toHaveText(email, {
    timeout: 30_000,
  });
});
