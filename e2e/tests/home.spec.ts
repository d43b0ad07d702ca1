import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  asVerifiedAdult,
  expectAddedForTwoSeconds,
  MOBILE,
  recordButtonChanges,
  toast,
} from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await asVerifiedAdult(page);
  await page.goto('/');
  await expect(page.getByTestId('home-product')).toHaveCount(7);
});

const card = (page: Page, name: string) =>
  page.getByTestId('home-product').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Spec section 9's home prices and section 2's default doses and checkout slugs. */
const homeProducts: Array<{
  name: string;
  slug: string;
  defaultDose: string;
  prices: Record<string, string>;
}> = [
  {
    name: 'Retatrutide',
    slug: 'retatrutide',
    defaultDose: '5mg',
    prices: { '5mg': '$99.00', '10mg': '$140.00', '20mg': '$199.00' },
  },
  { name: 'GHK-Cu', slug: 'ghk-cu', defaultDose: '50mg', prices: { '50mg': '$69.99', '100mg': '$89.99' } },
  { name: 'IGF1-LR3', slug: 'igf1-lr3', defaultDose: '1mg', prices: { '1mg': '$89.99' } },
  { name: 'BPC-157', slug: 'bpc-157', defaultDose: '10mg', prices: { '10mg': '$85.00' } },
  { name: 'CJC-1295', slug: 'cjc1295', defaultDose: '5mg', prices: { '5mg': '$69.99', '10mg': '$100.00' } },
  { name: 'TB-500', slug: 'tb-500', defaultDose: '5mg', prices: { '5mg': '$60.00' } },
  { name: 'SEMAX', slug: 'semax', defaultDose: '10mg', prices: { '10mg': '$89.00' } },
];

test(
  'every product shows its default dose, the price of each dose, and the checkout link for it',
  { tag: '@journey' },
  async ({ page }) => {
    for (const product of homeProducts) {
      const item = card(page, product.name);
      await expect(item.getByRole('radio', { checked: true })).toHaveAccessibleName(
        new RegExp(`^${product.defaultDose}`),
      );
      await expect(item.getByTestId('price')).toHaveText(product.prices[product.defaultDose]!);
      for (const [dose, price] of Object.entries(product.prices)) {
        await item.getByRole('radio', { name: new RegExp(`^${dose}`) }).click();
        await expect(item.getByTestId('price')).toHaveText(price);
        // Spec section 2: the card's checkout link follows the dose chosen.
        const buyNow = item.getByRole('link', { name: `Buy Now: ${product.name} ${dose}` });
        await expect(buyNow).toBeVisible();
        await expect(buyNow).toHaveAttribute('href', `/checkout/${product.slug}?dosage=${dose}&quantity=1`);
      }
    }
    // Buy Now goes to the product's checkout with the dose chosen last.
    await card(page, 'CJC-1295').getByRole('link', { name: 'Buy Now: CJC-1295 10mg' }).click();
    await expect(page).toHaveURL('/checkout/cjc1295?dosage=10mg&quantity=1');
  },
);

test("Retatrutide's larger vials carry their savings labels and their own pictures", async ({ page }) => {
  const item = card(page, 'Retatrutide');
  await expect(item.getByRole('radio', { name: /^10mg/ })).toHaveAccessibleName(/Save 10%/);
  await expect(item.getByRole('radio', { name: /^20mg/ })).toHaveAccessibleName(/Save 18%/);
  const picture = item.getByRole('img');
  await expect(picture).toHaveAttribute('src', /retatrutide\/5mg\.svg$/);
  await item.getByRole('radio', { name: /^20mg/ }).click();
  await expect(picture).toHaveAttribute('src', /retatrutide\/20mg\.svg$/);
  // The new picture loads after its src changes; wait for it to finish, then check it really decoded.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('seven products in rows of three get two Coming Soon placeholders', async ({ page }) => {
  await expect(page.getByTestId('coming-soon')).toHaveCount(2);
  await expect(page.getByTestId('coming-soon').first()).toContainText('New research compound in development');
  const tops = await page
    .getByTestId('home-product')
    .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(3);
});

test(
  'the header search filters the grid live, over names, applications and keywords',
  { tag: '@journey' },
  async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('  GHK ');
    await expect(page.getByTestId('home-product')).toHaveCount(1);
    await expect(card(page, 'GHK-Cu')).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
    await search.fill('glp-1');
    await expect(page.getByTestId('home-product')).toHaveCount(1);
    await expect(card(page, 'Retatrutide')).toBeVisible();
    await search.fill('137525-51-0');
    await expect(card(page, 'BPC-157')).toBeVisible();
    await search.fill('neuroprotection');
    await expect(card(page, 'SEMAX')).toBeVisible();
    await search.fill('');
    await expect(page.getByTestId('home-product')).toHaveCount(7);
  },
);

/** Types into the header search from the foot of the page; the results must come into view. */
async function searchFromTheFoot(page: Page) {
  const heading = page.getByRole('heading', { name: 'Premium Research Peptides' });
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(heading).not.toBeInViewport();
  await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('semax');
  await expect(card(page, 'SEMAX')).toBeInViewport();
  await expect(heading).toBeInViewport();
}

test('searching from the header brings the filtered grid into view, here and from another page', async ({
  page,
}) => {
  await searchFromTheFoot(page);
  await page.goto('/catalog');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill('ghk');
  await search.press('Enter');
  // The results are the home page's, with the search in its address (a link to them).
  await expect(page).toHaveURL(/\/\?q=ghk$/);
  await expect(card(page, 'GHK-Cu')).toBeInViewport();
  await page.goto('/product/bpc-157');
  await search.fill('tb-500');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/\?q=tb-500$/);
  await expect(card(page, 'TB-500')).toBeInViewport();
});

test("a card's vial sizes are one tab stop, moved with the arrow keys like any radio group", async ({
  page,
}) => {
  const sizes = page.getByRole('radiogroup', { name: 'Retatrutide vial size' });
  const price = card(page, 'Retatrutide').getByTestId('price');
  await sizes.getByRole('radio', { name: /5mg/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(sizes.getByRole('radio', { name: /10mg/ })).toBeFocused();
  await expect(sizes.getByRole('radio', { name: /10mg/ })).toBeChecked();
  await expect(price).toHaveText('$140.00');
  await page.keyboard.press('End');
  await expect(sizes.getByRole('radio', { name: /20mg/ })).toBeChecked();
  await page.keyboard.press('ArrowRight'); // wraps around
  await expect(sizes.getByRole('radio', { name: /5mg/ })).toBeFocused();
  await expect(price).toHaveText('$99.00');
  // One tab stop: Tab leaves the group for the card's next control.
  await page.keyboard.press('Tab');
  expect(await sizes.evaluate((group) => group.contains(document.activeElement))).toBe(false);
});

test('a search with no match says so and suggests names', { tag: '@journey' }, async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search products' }).fill('insulin-like zebra');
  // Said where the shopper is looking, not below the hero.
  await expect(page.getByText('No peptides found matching "insulin-like zebra"')).toBeInViewport();
  await expect(
    page.getByText('Try searching for: retatrutide, ghk-cu, igf1-lr3, bpc-157, cjc-1295'),
  ).toBeVisible();
});

test('Add to Cart turns green with "Added!" for two seconds and shows the toast', async ({ page }) => {
  // Without motion the colour is final the moment the label changes, so it can be read right then.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const item = card(page, 'GHK-Cu');
  await item.getByRole('radio', { name: /^100mg/ }).click();
  const button = item.getByRole('button', { name: 'Add to Cart: GHK-Cu 100mg' });
  const changes = await recordButtonChanges(button);
  await button.click();
  await expect(toast(page, 'Added to Cart')).toBeVisible();
  await expect(page.getByText('GHK-Cu - 100mg has been added to your cart.')).toBeVisible();

  await expectAddedForTwoSeconds(changes);
});

test("'Explore Premium Products' scrolls to the product grid", async ({ page }) => {
  const gridTop = () =>
    page
      .getByRole('heading', { name: 'Premium Research Peptides' })
      .evaluate((h) => h.getBoundingClientRect().top);
  expect(await gridTop()).toBeGreaterThan(400);
  await page.getByRole('button', { name: 'Explore Premium Products' }).click();
  await expect.poll(gridTop).toBeLessThan(250);
});

test('the quality, collaboration and newsletter sections follow the grid', async ({ page }) => {
  for (const heading of [
    'Quality Assurance',
    'Laboratory Verification',
    'Secure Research Distribution',
    'Scientific Collaboration',
  ]) {
    await page.getByRole('heading', { name: heading }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const tile of ['99.9%', 'GMP', 'Secure']) {
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${tile}`) })
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Research Resources' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stay Updated with Research' })).toBeVisible();
});

test.describe('under 768px', () => {
  test.use({ viewport: MOBILE });
  test('the grid is one column and nothing overflows sideways', async ({ page }) => {
    const lefts = await page
      .getByTestId('home-product')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().left));
    expect(new Set(lefts).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });

  test('searching from the header brings the filtered grid into view', async ({ page }) => {
    await searchFromTheFoot(page);
  });
});
