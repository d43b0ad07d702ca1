import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  orderChargingOnHostedPage,
  payOnHostedPage,
  SANDBOX_CARDS,
  tickAgreements,
} from '../support/checkout';
import {
  asVerifiedAdult,
  expectToastsClearOf,
  expectUncovered,
  holdRequests,
  holdScripts,
  MOBILE,
  toast,
} from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const panel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });
/** Escape closes the panel once it has opened (an add opens it after its own feedback has painted). */
const closePanel = async (page: Page) => {
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
};

test(
  'adding from home, catalogue and product page opens the panel; equal lines merge; the badge counts',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Retatrutide' })).toBeVisible();
    await closePanel(page);
    await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
    await expect(panel(page).getByRole('spinbutton', { name: 'Quantity of Retatrutide 5mg' })).toHaveValue(
      '2',
    );
    await expect(panel(page).getByTestId('cart-line')).toHaveCount(1);
    await closePanel(page);

    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Add to Cart: Bacteriostatic Water' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Bacteriostatic Water' })).toBeVisible();
    await closePanel(page);

    await page.goto('/product/bpc-157');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(panel(page).getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' })).toHaveValue('2');
    await expect(panel(page).getByRole('heading', { name: /Shopping Cart/ })).toContainText('(5 items)');
    await closePanel(page);
    await expect(page.getByTestId('cart-count')).toHaveText('5');
  },
);

test(
  'the panel changes quantities (never below 1), removes lines, traps focus and closes on Escape',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
    const dialog = panel(page);
    await dialog.getByRole('button', { name: 'Increase quantity of SEMAX 10mg' }).click();
    await dialog.getByRole('button', { name: 'Increase quantity of SEMAX 10mg' }).click();
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity of SEMAX 10mg' })).toHaveValue('3');
    await expect(dialog.getByTestId('panel-subtotal')).toHaveText('$267.00');
    await expect(dialog.getByText('Calculated at checkout')).toHaveCount(2);
    await expect(dialog.getByTestId('panel-discount')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Decrease quantity of SEMAX 10mg' }).click();
    await dialog.getByRole('button', { name: 'Decrease quantity of SEMAX 10mg' }).click();
    await expect(dialog.getByRole('button', { name: 'Decrease quantity of SEMAX 10mg' })).toBeDisabled();

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Remove SEMAX 10mg' }).click();
    await expect(dialog.getByText('Your cart is empty.')).toBeVisible();
    await closePanel(page);
    // Focus goes back to what opened the panel.
    await page.getByRole('button', { name: 'Open cart, 0 items' }).click();
    await expect.poll(() => panel(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await closePanel(page);
    await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeFocused();
  },
);

test('one vial added from two pages with different prices stays two lines, each labelled, and says why', async ({
  page,
}) => {
  await page.goto('/product/bpc-157');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await closePanel(page);
  await page.goto('/');
  const homeCard = page
    .getByTestId('home-product')
    .filter({ has: page.getByRole('heading', { name: 'BPC-157', exact: true }) });
  await homeCard.getByRole('radio', { name: /^10mg/ }).click();
  await homeCard.getByRole('button', { name: 'Add to Cart: BPC-157 10mg' }).click();
  const lines = panel(page).getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.getByTestId('price-list')).toHaveText(['Catalogue price', 'Home page price']);
  await expect(panel(page).getByTestId('price-list-note')).toHaveText(
    'The same vial added from pages with different prices stays on separate lines, each at the price its page showed.',
  );
  await expect(lines.first()).toContainText('$79.99 each');
});

test('a reload keeps the cart and a second tab follows it', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await closePanel(page);
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  const otherTab = await context.newPage();
  await otherTab.goto('/shipping-policy');
  await expect(otherTab.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Open cart, 1 item' }).click();
  await panel(page).getByRole('button', { name: 'Increase quantity of TB-500 5mg' }).click();
  await expect(otherTab.getByTestId('cart-count')).toHaveText('2');
});

test("an addition outlives a reload that comes before the cart's code, and is made once", async ({
  page,
}) => {
  // The cart's binding, which sends the addition to the checkout service, has yet to arrive as the
  // shopper reloads: the next page carries the addition out.
  const release = await holdScripts(page, '**/__federation_expose_cart.*.js');
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await closePanel(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  release();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('additions a reload left unanswered, or not yet sent, are on the page that reload brought', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await closePanel(page);
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The next addition reaches the service only once the reloaded page has been rendered without it
  // (before that page's scripts ask for the cart), as a request that outlives its page may; the one
  // after it waits its turn, and is not sent before the reload.
  let reloaded = () => {};
  const reloading = new Promise<void>((resolve) => (reloaded = resolve));
  let served = () => {};
  const additionServed = new Promise<void>((resolve) => (served = resolve));
  await page.route('**/api/checkout/cart/lines*', async (route) => {
    await reloading;
    const response = await route.fetch();
    served();
    await route.fulfill({ response }).catch(() => {}); // its page may be gone
  });
  await page.route('**/api/checkout/cart', async (route) => {
    await additionServed;
    // The page that asked may have been reloaded meanwhile: its request is then over already.
    await route.continue().catch(() => {});
  });
  const sent = page.waitForRequest('**/api/checkout/cart/lines*');
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await closePanel(page);
  await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
  await closePanel(page);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await sent;
  await page.reload({ waitUntil: 'commit' });
  reloaded();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
});

test('an addition a duplicated tab sends again is added once', async ({ page, context }) => {
  await cartOfOneLine(page);

  // SEMAX is on its way (held), so TB-500 waits its turn, unsent, as the tab is duplicated: the copy
  // has the tab's storage, and sends both itself (the tab saw neither answer); SEMAX, released after,
  // is made once.
  const release = await holdRequests(page, '**/api/checkout/cart/lines*');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await closePanel(page);
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await closePanel(page);
  const copy = await duplicateTab(page, context);
  await copy.goto('/');
  await expect(copy.getByTestId('cart-count')).toHaveText('3');

  release();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expectTb500Once(page, 3);
  await expect(panel(page).getByRole('spinbutton', { name: 'Quantity of SEMAX 10mg' })).toHaveValue('1');
});

test('an addition a tab duplicated before the cart’s code arrived sends again is added once', async ({
  page,
  context,
}) => {
  await cartOfOneLine(page);

  // On the next page the cart's code is late: TB-500 is kept for it in the tab's storage as the tab is
  // duplicated, and the copy, whose code arrives, sends TB-500 first.
  const release = await holdScripts(page, '**/__federation_expose_cart.*.js');
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await closePanel(page);
  const copy = await duplicateTab(page, context);
  await copy.goto('/');
  await expect(copy.getByTestId('cart-count')).toHaveText('2');

  release();
  await expectTb500Once(page, 2);
});

test(
  'the cart checks out through the hosted page with its discount, and is emptied',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
    await closePanel(page);
    await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
    const dialog = panel(page);
    await dialog.getByRole('button', { name: 'Add affiliate code' }).click();
    await dialog.getByRole('textbox', { name: 'Affiliate code' }).fill('RESEARCH10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Discount Applied!')).toBeVisible();
    await expect(dialog.getByText('Research Partner - 10% off')).toBeVisible();
    // 99.00 + 89.00 = 188.00; 10% off: -18.80 → 169.20 before shipping and tax
    await expect(dialog.getByTestId('panel-discount')).toHaveText('-$18.80');
    await expect(dialog.getByTestId('panel-total')).toHaveText('$169.20');
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByTestId('item-count')).toHaveText('2 items');
    await expect(page.getByTestId('summary-discount')).toHaveText('-$18.80');
    // 169.20 + shipping 15.99 + tax 13.54 = 198.73
    await orderChargingOnHostedPage(page, 19873);
    await expect(page.getByText('Cart Order (2 items): Retatrutide - 5mg x1, SEMAX - 10mg x1')).toBeVisible();
    await payOnHostedPage(page, SANDBOX_CARDS.approved);
    await page.waitForURL(/\/success/);
    await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
    await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
  },
);

/** Adds BPC-157 10mg from a page with its own price list: the home grid ($85) or the catalogue ($79.99). */
async function addBpc157From(page: Page, from: 'home' | 'catalogue') {
  await page.goto(from === 'home' ? '/' : '/catalog');
  const name = from === 'home' ? 'Add to Cart: BPC-157 10mg' : 'Add to Cart: BPC-157';
  await page.getByRole('button', { name, exact: true }).click();
  await expect(panel(page)).toBeVisible();
}

for (const [first, second] of [
  ['home', 'catalogue'],
  ['catalogue', 'home'],
] as const) {
  test(`BPC-157 from the ${first} page, then the ${second}: two lines at their own prices, charged as shown`, async ({
    page,
  }) => {
    test.slow(); // two pages, the cart checkout and the hosted page: allow for a busy machine
    await addBpc157From(page, first);
    await closePanel(page);
    await addBpc157From(page, second);

    const lines = panel(page).getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: 'Home page price' })).toContainText('$85.00 each');
    await expect(lines.filter({ hasText: 'Catalogue price' })).toContainText('$79.99 each');
    await expect(panel(page).getByTestId('panel-subtotal')).toHaveText('$164.99');
    await panel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/cart-checkout$/);
    await expect(page.getByTestId('summary-subtotal')).toHaveText('$164.99');
    // 164.99 + shipping 15.99 + tax 13.20 = 194.18
    await orderChargingOnHostedPage(page, 19418);
  });
}

for (const viewport of [{ width: 1280, height: 900 }, MOBILE]) {
  test(`at ${viewport.width}px, the cart checkout's toast leaves the fields it names, the focused one and its button in sight`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
    await panel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await page.getByLabel('Email *').fill('ada@lab.example');
    await page.getByLabel('First Name *').fill('Ada');
    await tickAgreements(page);
    const complete = page.getByRole('button', { name: /Complete Order/ });
    await complete.click();
    await expect(toast(page, 'Missing Information')).toBeVisible();
    await expect(page.getByLabel('Last Name *')).toBeFocused();
    await expectToastsClearOf(page, complete);
    // Sent from the button itself (its field filled, the rest still missing): the button stays in sight too.
    await page.getByLabel('Last Name *').fill('Lovelace');
    await complete.scrollIntoViewIfNeeded();
    await complete.click();
    await expectToastsClearOf(page, complete);
  });
}

test('an empty cart checkout says so and goes home', { tag: '@journey' }, async ({ page }) => {
  await page.goto('/cart-checkout');
  await expect(toast(page, 'Cart Empty')).toBeVisible();
  await expect(page.getByText('Please add some products to your cart first.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("BPC-157 checkout's Add to Cart adds the chosen vial and opens the cart checkout, even while the cart's code loads", async ({
  page,
}) => {
  await page.goto('/checkout/bpc-157?quantity=2');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  // A visitor's first cart command wakes the checkout module's cart binding (exposed as 'cart'): its
  // code is held back here, as on a slow network, while the rest of the site's code comes at once.
  const releaseScripts = await holdScripts(page, '**/remotes/checkout/*/__federation_expose_cart.*.js');
  const add = page.getByRole('button', { name: 'Add to Cart', exact: true });
  await add.click();
  await expect(add).toBeDisabled();
  releaseScripts();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  // The add went on to another page at once: no panel opens over it, and the cart is not found empty.
  await expect(page.getByTestId('item-count')).toHaveText('2 items');
  await expect(panel(page)).toHaveCount(0);
  await expect(toast(page, 'Cart Empty')).toHaveCount(0);
});

test(
  '/ref/{code} applies a valid code, then replaces itself with the home page',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/ref/research10');
    await expect(page.getByRole('heading', { name: 'Affiliate Code Applied!' })).toBeVisible();
    await expect(toast(page, 'Affiliate Code Applied!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).not.toHaveURL(/\/ref\//);
    await page.goto('/checkout/semax');
    await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  },
);

test('a code in the address of any page is applied by the checkout module, which the shell loads only then', async ({
  page,
}) => {
  const affiliateLinks: string[] = [];
  page.on('request', (request) => {
    if (/\/remotes\/checkout\/.*remoteEntry\.js$/.test(request.url())) affiliateLinks.push(request.url());
  });
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A visitor without a code never downloads the checkout module on a catalogue page.
  expect(affiliateLinks).toEqual([]);
  await page.goto('/catalog?aff=%20research10%20');
  await expect(toast(page, 'Discount Applied!')).toBeVisible();
  await expect(page.getByText('Research Partner discount applied successfully.')).toBeVisible();
  expect(affiliateLinks).toHaveLength(1);
  await page.goto('/checkout/semax');
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
});

test('/ref/{code} with an unknown code says there was a problem', { tag: '@journey' }, async ({ page }) => {
  await page.goto('/ref/NOT-A-REAL-CODE');
  await expect(page.getByRole('heading', { name: 'Code Issue' })).toBeVisible();
  await expect(page.getByText('There was a problem applying the affiliate code.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the cart panel fits a phone screen', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: GHK-Cu 50mg' }).click();
  await expect(panel(page)).toBeVisible();
  // Measured once the slide-in has finished; sub-pixel rounding is allowed for.
  await panel(page).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width + 0.5);
  await expect(panel(page).getByRole('button', { name: 'Proceed to Checkout' })).toBeInViewport();
});

test("the BPC-157 checkout's Add to Cart goes on to /cart-checkout with the panel closed", async ({
  page,
}) => {
  await page.goto('/checkout/bpc-157');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  await expect(page.getByTestId('item-count')).toHaveText('1 item');
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Complete Order/ })).toBeVisible();
});

test("Escape in the panel's affiliate code input cancels the input only; a second Escape closes the panel", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  const dialog = panel(page);
  await dialog.getByRole('button', { name: 'Add affiliate code' }).click();
  await dialog.getByRole('textbox', { name: 'Affiliate code' }).fill('RESEARCH');
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('textbox', { name: 'Affiliate code' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add affiliate code' })).toBeFocused();
  await expect(dialog).toBeVisible();
  await closePanel(page);
});

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', MOBILE],
] as const) {
  test(`on ${width}, the 'Added to Cart' toast stands inside the panel, clear of its total and checkout`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
    const dialog = panel(page);
    await expect(
      dialog.getByLabel('Notifications').getByText('Added to Cart', { exact: true }),
    ).toBeVisible();
    await expectUncovered(dialog.getByTestId('panel-total'));
    await expectUncovered(dialog.getByRole('button', { name: 'Proceed to Checkout' }));
    await dialog.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
  });
}

/** A cart of one line (Retatrutide 5mg): the cart and its cookie exist before a test's own additions. */
async function cartOfOneLine(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
  await closePanel(page);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
}

/** After a reload, the cart of `items` items holds one vial of TB-500 5mg, however often it was sent. */
async function expectTb500Once(page: Page, items: number) {
  await page.reload();
  await page.getByRole('button', { name: `Open cart, ${items} items` }).click();
  await expect(panel(page).getByRole('spinbutton', { name: 'Quantity of TB-500 5mg' })).toHaveValue('1');
}

/** A new page with `page`'s tab storage, as duplicating the tab gives it (the page opens nothing yet). */
async function duplicateTab(page: Page, context: BrowserContext): Promise<Page> {
  const tabStorage = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const copy = await context.newPage();
  await copy.addInitScript((entries) => {
    if (sessionStorage.length === 0)
      for (const [key, value] of JSON.parse(entries) as [string, string][])
        sessionStorage.setItem(key, value);
  }, tabStorage);
  return copy;
}
