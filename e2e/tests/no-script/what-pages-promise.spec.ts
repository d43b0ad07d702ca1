import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, PASSWORD } from '../../support/researcher';

// Where no script runs, a page shows only what it keeps: the total it will charge, the session it says
// it started, the feedback the same form gives with scripts, and what was typed, kept.

const PAYMENT_PAGE = /127\.0\.0\.1:4110\/pay\//;
const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

test('a Complete Order pressed before Update total charges nothing unshown: the form comes back with the right total', async ({
  page,
}) => {
  await page.goto('/checkout?peptideId=retatrutide');
  const complete = page.getByRole('button', { name: /^Complete Research Order • / });
  const shown = await complete.textContent();
  await page.getByRole('radio', { name: /^20mg/ }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await page.getByLabel('Email *').fill(uniqueEmail('unshown-total'));
  await page.getByLabel('First Name *').fill('Ada');
  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Phone Number *').fill('555-0100');
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await complete.click();
  // Not on to the payment page at the old figure: the form again, everything kept, the new total shown.
  await expect(page.getByText('Total Updated')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^20mg/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
  await expect(page.getByLabel('Last Name *')).toHaveValue('Lovelace');
  await expect(complete).not.toHaveText(shown!);
  const total = /\$[\d,]+\.\d\d/.exec((await complete.textContent())!)![0];
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await complete.click();
  await expect(page).toHaveURL(PAYMENT_PAGE);
  await expect(page.getByRole('row', { name: /Total/ })).toContainText(total);
});

test('Enter in the quantity field sends nothing at a total the button did not show: the form comes back priced', async ({
  page,
}) => {
  await page.goto('/checkout/ghk-cu');
  const complete = page.getByRole('button', { name: /^Complete Order/ });
  const shown = await complete.textContent();
  await page.getByLabel('Email *').fill(uniqueEmail('enter-in-quantity'));
  await page.getByLabel('First Name *').fill('Ada');
  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Phone Number *').fill('555-0100');
  await page.getByLabel('Address *').fill('1 Lab Way');
  await page.getByLabel('City *').fill('Tempe');
  await page.getByLabel('State *').fill('AZ');
  await page.getByLabel('ZIP Code *').fill('85281');
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(page.getByText('Total Updated')).toBeVisible();
  await expect(page).not.toHaveURL(PAYMENT_PAGE);
  await expect(quantity).toHaveValue('3');
  await expect(page.getByLabel('Email *')).not.toHaveValue('');
  await expect(complete).not.toHaveText(shown!);
});

test('a dedicated checkout charges the total it shows: a new vial size and quantity are priced by Update total', async ({
  page,
}) => {
  await page.goto('/checkout/retatrutide?dosage=10mg');
  const complete = page.getByRole('button', { name: /^Complete Order/ });
  await expect(complete).toHaveText('Complete Order • $167.19');
  // −/+ that only a script could work are not offered; the field is.
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeHidden();
  await page.getByRole('radio', { name: /^20mg/ }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByLabel('Email *').fill('ada@lab.example');
  await page.getByLabel('First Name *').fill('Ada');
  await page.getByRole('button', { name: 'Update total' }).click();
  // Two 20mg vials at $199, free shipping, 8 % tax.
  await expect(complete).toHaveText('Complete Order • $429.84');
  await expect(page.getByRole('radio', { name: /^20mg/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.getByLabel('Email *')).toHaveValue('ada@lab.example');

  // An affiliate code applied keeps everything typed and chosen, and the total follows it.
  await page.getByText('Add affiliate code').click();
  await page.getByRole('textbox', { name: 'Affiliate code' }).fill('research10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Research Partner - 10% off')).toBeVisible();
  await expect(page.getByLabel('Email *')).toHaveValue('ada@lab.example');
  await expect(page.getByLabel('First Name *')).toHaveValue('Ada');
  await expect(page.getByRole('radio', { name: /^20mg/ })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  // 10 % off the two vials: the total the shopper walk found charged, now shown before it is.
  await expect(complete).toHaveText('Complete Order • $386.86');

  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Phone Number *').fill('5551234567');
  await page.getByLabel('Address *').fill('1 Lab Way');
  await page.getByLabel('City *').fill('Boston');
  await page.getByLabel('State *').fill('MA');
  await page.getByLabel('ZIP Code *').fill('02110');
  for (const agreement of await page.getByRole('checkbox').all()) await agreement.check();
  await complete.click();
  await expect(page).toHaveURL(PAYMENT_PAGE);
  // The payment page asks what the button said.
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('$386.86');
});

test("the product page's Buy Now promises no total it cannot follow, and its tabs open", async ({ page }) => {
  await page.goto('/product/bpc-157');
  await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeHidden();
  for (const [tab, text] of [
    ['Certificate of Analysis', /Batch/],
    ['Safety', /research/i],
    ['Storage', /-20°C/],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(text);
  }
});

test('an Add to Cart the server completes gives the same feedback as with scripts', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'YES - I am 21+' }).click();
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  const toast = page.getByLabel('Notifications');
  await expect(toast.getByText('Added to Cart', { exact: true })).toBeVisible();
  await expect(toast.getByText('TB-500 - 5mg has been added to your cart.')).toBeVisible();
  await expect(cartPanel(page).getByTestId('cart-line')).toContainText('TB-500');
  await page.screenshot({ path: test.info().outputPath('added-to-cart.png') });
  // Once: the next page is not told again.
  await page.goto('/catalog');
  await expect(page.getByText('Added to Cart', { exact: true })).toHaveCount(0);

  await page.goto('/product/bpc-157');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const question = page.getByRole('dialog', { name: 'Age Verification Required' });
  if (await question.isVisible()) await question.getByRole('button', { name: 'YES - I am 21+' }).click();
  await expect(page.getByRole('button', { name: 'Added!' })).toBeVisible();
  // The product page's own wording (spec section 3).
  await expect(page.getByLabel('Notifications').getByText('Added to cart', { exact: true })).toBeVisible();
  await expect(page.getByText('1x BPC-157 (10mg) added to your cart')).toBeVisible();
});

test('the newsletter, completed by the server, says it in the spec words, readably', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'YES - I am 21+' }).click();
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('Email').fill(uniqueEmail('no-script-card'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();
  await expect(page.getByText('Thank you for joining our research community.')).toBeVisible();
  const body = page.getByText("We'll keep you updated on new research compounds");
  await expect(body).toBeVisible();
  // Readable: the body's colour stands apart from the card's background.
  const [colour, background] = await body.evaluate((element) => {
    const card = element.closest('[role="status"]')!;
    return [getComputedStyle(element).color, getComputedStyle(card).backgroundColor];
  });
  expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5);
  await body.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('newsletter-card.png') });
});

test('signing in starts the session the header reads; /auth sends a signed-in researcher home; Sign Out ends it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('no-script-session');
  await confirmedResearcher(request, email);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'YES - I am 21+' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  // The server knows them: a checkout's order form comes with their email filled in.
  await page.goto('/checkout/semax');
  await expect(page.getByLabel('Email *')).toHaveValue(email);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a confirmation link signs the researcher in and leaves no token in the address', async ({ page }) => {
  const email = uniqueEmail('no-script-confirm');
  await page.goto('/auth?tab=sign-up');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Account created successfully!');
  await page.goto(`/api/account/dev/mailbox?to=${encodeURIComponent(email)}`);
  // Every address the tab shows from here (its history): none carries a token.
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(frame.url());
  });
  await page.getByRole('link', { name: 'Open the link' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
  expect(page.url()).toMatch(/127\.0\.0\.1:\d+\/$/);
  expect(shown.filter((address) => /token|code=|#/.test(address))).toEqual([]);
});

test('a refused order opens at its message, focused, however far down the form is', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkout/bpc-157');
  await page.getByRole('button', { name: /^Complete Order/ }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Missing Information' });
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('refused-order.png') });
});

/** WCAG's contrast ratio of two CSS rgb()/rgba() colours (an alpha is laid over the background). */
function contrast(foreground: string, background: string): number {
  const channels = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);
  const [br, bg, bb] = channels(background);
  const [fr, fg, fb, alpha = 1] = channels(foreground);
  const over = (f: number, b: number) => f * alpha + b * (1 - alpha);
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const light = [luminance([over(fr!, br!), over(fg!, bg!), over(fb!, bb!)]), luminance([br!, bg!, bb!])];
  return (Math.max(...light) + 0.05) / (Math.min(...light) + 0.05);
}
