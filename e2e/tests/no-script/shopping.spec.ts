import { expect, test, type Page } from '@playwright/test';
import {
  fillOrderForm,
  payOnHostedPage,
  SANDBOX_CARDS,
  summaryTotalCents,
  tickAgreements,
  usd,
} from '../../support/checkout';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, PASSWORD } from '../../support/researcher';

// JavaScript is off in this project (or the page's script never arrived): every form is completed by
// the shell's server, and every page must be usable from its HTML alone.

const PAYMENT_PAGE = /127\.0\.0\.1:4110\/pay\//;

/** Answers the age gate as a newcomer without scripts does: its YES is a form the server completes. */
async function answerAgeGate(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'YES - I am 21+' }).click();
  await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toHaveCount(0);
}

const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

test(
  'the age gate is answered, and the home page is usable: search, a size, add to cart',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/');
    // The gate covers the page until it is answered.
    await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeVisible();
    await answerAgeGate(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('retatrutide');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/\?q=retatrutide$/);
    const card = page.getByTestId('home-product');
    await expect(card).toHaveCount(1);
    await card.getByRole('radio', { name: /^10mg/ }).check();
    await expect(card.getByText('$140.00')).toBeVisible();
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page).toHaveURL(/cart=open/);
    await expect(cartPanel(page).getByTestId('cart-line')).toContainText('Retatrutide');
    await expect(cartPanel(page).getByTestId('cart-line')).toContainText('10mg · $140.00 each');
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  },
);

test('the catalogue filters and sorts, and adds to the cart', async ({ page }) => {
  await answerAgeGate(page);
  await page.goto('/catalog');
  await page.getByLabel('Category').selectOption('Tissue Research');
  await page.getByLabel('Sort by').selectOption('price');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/category=Tissue\+Research&sort=price/);
  const cards = page.getByTestId('catalogue-product');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('BPC-157');
  await expect(cards.first().getByTestId('price')).toHaveText('$79.99');
  await cards.first().getByRole('button', { name: 'Add to Cart: BPC-157' }).click();
  await expect(cartPanel(page).getByTestId('cart-line')).toContainText('BPC-157');
  // Still filtered, with the cart open over it.
  await expect(page).toHaveURL(/category=Tissue\+Research.*cart=open/);
});

test(
  'the product page asks the age question, adds the quantity chosen, and the cart is changed from its panel',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/product/bpc-157');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const question = page.getByRole('dialog', { name: 'Age Verification Required' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'YES - I am 21+' }).click();
    await expect(cartPanel(page).getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' })).toHaveValue(
      '3',
    );
    await cartPanel(page).getByRole('button', { name: 'Increase quantity of BPC-157 10mg' }).click();
    await expect(cartPanel(page).getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' })).toHaveValue(
      '4',
    );
    await expect(cartPanel(page).getByTestId('line-total')).toHaveText('$319.96');
    await cartPanel(page).getByRole('button', { name: 'Remove BPC-157 10mg' }).click();
    await expect(cartPanel(page).getByText('Your cart is empty.')).toBeVisible();
    await cartPanel(page).getByRole('button', { name: 'Close cart' }).click();
    await expect(cartPanel(page)).toHaveCount(0);
  },
);

test(
  'the cart checks out to the payment page; a form sent half-filled keeps what was typed',
  { tag: '@journey' },
  async ({ page }) => {
    test.slow(); // a long journey across pages and services: allow for a busy machine
    await answerAgeGate(page);
    await page
      .getByTestId('home-product')
      .filter({ hasText: 'TB-500' })
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await cartPanel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/cart-checkout$/);
    await page.getByLabel('Email *').fill('ada@lab.example');
    await page.getByLabel('Address *').fill('1 Lab Way');
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page.getByRole('alert')).toContainText('Missing Information');
    await expect(page.getByRole('alert')).toContainText(
      'Please fill in all required fields including shipping address.',
    );
    await expect(page.getByLabel('Email *')).toHaveValue('ada@lab.example');
    await expect(page.getByLabel('Address *')).toHaveValue('1 Lab Way');
    await fillOrderForm(page, { shipping: true });
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page.getByRole('alert')).toContainText('Agreement Required');
    await tickAgreements(page);
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page).toHaveURL(PAYMENT_PAGE);
    // The cart was emptied once the payment page was known.
    await page.goto('/?cart=open');
    await expect(cartPanel(page).getByText('Your cart is empty.')).toBeVisible();
  },
);

test(
  'a dedicated checkout takes an affiliate code and goes on to the payment page',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/checkout/bpc-157');
    await page.getByText('Add affiliate code').click();
    await page.getByRole('textbox', { name: 'Affiliate code' }).fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('alert').first()).toContainText(
      'The affiliate code you entered is not valid.',
    );
    await expect(page.getByRole('textbox', { name: 'Affiliate code' })).toHaveValue('nope');
    await page.getByRole('textbox', { name: 'Affiliate code' }).fill('research10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: '10% off' })).toBeVisible();
    await expect(page.getByTestId('summary-discount')).toHaveText('-$8.50');
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await fillOrderForm(page, { shipping: true });
    await tickAgreements(page);
    // The button still shows one vial's total (no script redrew it): the order is not placed at a total
    // it did not show; the form comes back with everything kept and the total for two.
    await page.getByRole('button', { name: /Complete Order/ }).click();
    await expect(page.getByText('Total Updated')).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    // Two vials at $85, 10 % off: $153.00, shipping $15.99, tax $12.24.
    await tickAgreements(page);
    await page.getByRole('button', { name: 'Complete Order • $181.23' }).click();
    await expect(page).toHaveURL(PAYMENT_PAGE);
    await expect(page.getByRole('row', { name: /Total/ })).toContainText('$181.23');

    // Paid, the order's page is rendered by the server: confirmed, or a link to ask again until it is.
    await payOnHostedPage(page, SANDBOX_CARDS.approved);
    await page.waitForURL(/\/success\?/);
    await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
    await expect(async () => {
      const checkAgain = page.getByRole('link', { name: 'Check again' });
      if (await checkAgain.isVisible()) await checkAgain.click();
      await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed', { timeout: 1000 });
    }).toPass();
    expect(await movingThings(page)).toEqual([]);
  },
);

/** What moves on the page (a spinner): nothing should, where no script will ever stop it. */
function movingThings(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((element) => getComputedStyle(element).animationName !== 'none' && element.checkVisibility())
      .map((element) => element.parentElement?.textContent?.trim() ?? element.tagName),
  );
}

test('an affiliate link applies its code or says why not, and no page waits on a script', async ({
  page,
}) => {
  await answerAgeGate(page);
  await page.goto('/ref/nope');
  await expect(page.getByRole('heading', { name: 'Code Issue' })).toBeVisible();
  await expect(page.getByText('There was a problem applying the affiliate code.')).toBeVisible();
  await page.goto('/ref/research10');
  await expect(page.getByRole('heading', { name: 'Affiliate Code Applied!' })).toBeVisible();
  await expect(page.getByText('Welcome! Your affiliate discount is now active.')).toBeVisible();
  expect(await movingThings(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continue to the Shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The code is this visitor's now: the cart is discounted by it.
  await page
    .getByTestId('home-product')
    .filter({ hasText: 'TB-500' })
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(cartPanel(page).getByText('Research Partner - 10% off')).toBeVisible();

  for (const [path, heading] of [
    ['/cart-checkout', 'Research Checkout'],
    ['/auth', 'Welcome Back'],
    ['/success?session_id=cs_unknown_order', 'Order not found'],
    ['/success', 'Order not found'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await movingThings(page), path).toEqual([]);
  }
});

test('a checkout address with ?ref= applies its code without scripts, and the payment page charges that total', async ({
  page,
}) => {
  await answerAgeGate(page);
  await page.goto('/checkout/ghk-cu?ref=research10');
  await expect(page).toHaveURL(/\/checkout\/ghk-cu$/);
  await expect(page.getByText('Affiliate Code Applied')).toBeVisible();
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText(/^-\$\d+\.\d\d$/);
  const total = await summaryTotalCents(page);
  await fillOrderForm(page, { shipping: true, email: uniqueEmail('ref-no-script') });
  await tickAgreements(page);
  await page.getByRole('button', { name: `Complete Order • ${usd(total)}` }).click();
  await expect(page).toHaveURL(PAYMENT_PAGE);
  await expect(page.getByRole('row', { name: /Total/ })).toContainText(usd(total));
});

test('the newsletter subscribes, and says what is missing first', { tag: '@journey' }, async ({ page }) => {
  await answerAgeGate(page);
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('Required fields missing');
  await expect(page.getByRole('form', { name: 'Newsletter sign-up' }).getByLabel('Name')).toHaveValue('Ada');
  await page
    .getByRole('form', { name: 'Newsletter sign-up' })
    .getByLabel('Email')
    .fill(uniqueEmail('no-script'));
  await page
    .getByRole('form', { name: 'Newsletter sign-up' })
    .getByRole('button', { name: 'Subscribe' })
    .click();
  await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeVisible();
});

test('sign in works, and says why it does not', { tag: '@journey' }, async ({ page, request }) => {
  const email = uniqueEmail('no-script-sign-in');
  await confirmedResearcher(request, email);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid email or password. Please check your credentials and try again.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Successfully signed in! Redirecting...' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
});

test('sign up works, an unconfirmed sign-in says so, and a new confirmation link is sent', async ({
  page,
}) => {
  const email = uniqueEmail('no-script-sign-up');
  await page.goto('/auth?tab=sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}!`);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Account created successfully! Please check your email for a confirmation link.',
  );

  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please check your email and click the confirmation link before signing in.',
  );
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'A new confirmation link has been sent. Please check your email.',
  );
});

test('a quantity typed in the cart panel is saved with Update or with Enter, never stepped one lower', async ({
  page,
}) => {
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Add to Cart: BPC-157', exact: true }).click();
  const quantity = cartPanel(page).getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' });
  await expect(quantity).toHaveValue('1');
  // Where no script runs, − and + that only a script could work are not offered elsewhere; here they send.
  await quantity.fill('7');
  await cartPanel(page).getByRole('button', { name: 'Update quantity of BPC-157 10mg' }).click();
  await expect(quantity).toHaveValue('7');
  await quantity.fill('9');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('9');
  await cartPanel(page).getByRole('button', { name: 'Decrease quantity of BPC-157 10mg' }).click();
  await expect(quantity).toHaveValue('8');
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(cartPanel(page).getByText('Your cart is empty.')).toBeVisible();
});

test('what was typed in any line of the cart panel goes with whichever button is pressed, Proceed too', async ({
  page,
}) => {
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Add to Cart: BPC-157', exact: true }).click();
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Add to Cart: AOD-9604', exact: true }).click();
  const quantityOf = (item: string) =>
    cartPanel(page).getByRole('spinbutton', { name: new RegExp(`^Quantity of ${item}`) });
  await expect(cartPanel(page).getByTestId('cart-line')).toHaveCount(2);
  // Typed in one line, then the other line's + pressed: both are kept.
  await quantityOf('BPC-157').fill('4');
  await cartPanel(page)
    .getByRole('button', { name: /^Increase quantity of AOD-9604/ })
    .click();
  await expect(quantityOf('BPC-157')).toHaveValue('4');
  await expect(quantityOf('AOD-9604')).toHaveValue('2');
  // Typed, and on to the checkout without Update: the checkout sells what was typed.
  await quantityOf('AOD-9604').fill('3');
  await cartPanel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  await expect(page.getByTestId('cart-line').filter({ hasText: 'BPC-157' })).toContainText('Qty 4');
  await expect(page.getByTestId('cart-line').filter({ hasText: 'AOD-9604' })).toContainText('Qty 3');
  // A quantity the cart cannot hold says why, and the cart stays as it was.
  await page.goto('/catalog?cart=open');
  await quantityOf('AOD-9604').fill('20000');
  await cartPanel(page)
    .getByRole('button', { name: /^Update quantity of AOD-9604/ })
    .click();
  await expect(cartPanel(page).getByRole('alert')).toContainText(
    'One cart line holds at most 10,000 vials. For more, please ask us for a bulk order.',
  );
  await expect(quantityOf('AOD-9604')).toHaveValue('3');
});
