import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { asVerifiedAdult, recordButtonChanges } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await asVerifiedAdult(page);
  await page.goto('/catalog');
  await expect(page.getByTestId('catalogue-product')).toHaveCount(6);
});

// Locators, so each expectation below retries until the re-rendered list matches.
const names = (page: Page) => page.getByTestId('catalogue-product').getByRole('heading');
const prices = (page: Page) => page.getByTestId('catalogue-product').getByTestId('price');

test('lists the six products by name, with their catalogue prices', async ({ page }) => {
  await expect(names(page)).toHaveText([
    '5-Amino-1MQ',
    'AOD-9604',
    'Bacteriostatic Water',
    'BPC-157',
    'BPC-157 + TB-500 Blend',
    'CJC-1295 no DAC / Ipamorelin',
  ]);
  await expect(prices(page)).toHaveText(['$89.99', '$124.99', '$15.99', '$79.99', '$159.99', '$139.99']);
  await expect(page.getByText('In Stock')).toHaveCount(6);
  await expect(page.getByText('Featured')).toHaveCount(3);
});

test('sorts by price ascending and by purity descending', { tag: '@journey' }, async ({ page }) => {
  await page.getByLabel('Sort by').selectOption('price');
  await expect(prices(page)).toHaveText(['$15.99', '$79.99', '$89.99', '$124.99', '$139.99', '$159.99']);
  await page.getByLabel('Sort by').selectOption('purity');
  await expect(names(page)).toHaveText([
    'Bacteriostatic Water',
    '5-Amino-1MQ',
    'BPC-157',
    'BPC-157 + TB-500 Blend',
    'AOD-9604',
    'CJC-1295 no DAC / Ipamorelin',
  ]);
});

test('filters by each of the categories', { tag: '@journey' }, async ({ page }) => {
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).toHaveText([
    'All',
    'Growth Factors',
    'Metabolic Research',
    'Tissue Research',
    'Research Blends',
    'Laboratory Supplies',
  ]);
  await category.selectOption('Metabolic Research');
  await expect(names(page)).toHaveText(['5-Amino-1MQ', 'AOD-9604']);
  await category.selectOption('Laboratory Supplies');
  await expect(names(page)).toHaveText(['Bacteriostatic Water']);
  await category.selectOption('All');
  await expect(page.getByTestId('catalogue-product')).toHaveCount(6);
});

test('searches by name or category', async ({ page }) => {
  const search = page.getByLabel('Search the catalog');
  await search.fill('bpc');
  await expect(names(page)).toHaveText(['BPC-157', 'BPC-157 + TB-500 Blend']);
  await search.fill('blends');
  await expect(names(page)).toHaveText(['BPC-157 + TB-500 Blend']);
  await search.fill('nothing like this');
  await expect(page.getByText('No products match your search.')).toBeVisible();
});

test('each card links to its product page and adds to the cart with feedback', async ({ page }) => {
  await expect(page.getByRole('link', { name: 'View Details: AOD-9604' })).toHaveAttribute(
    'href',
    '/product/aod-9604',
  );
  const button = page.getByRole('button', { name: 'Add to Cart: Bacteriostatic Water' });
  const changes = await recordButtonChanges(button);
  await button.click();
  await expect.poll(async () => (await changes()).map((change) => change.label)).toContain('Added!');
  await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible();
  // Title and text read from one toast at one moment: on a busy machine a toast may go before a second look.
  await expect(
    page.getByLabel('Notifications').getByRole('status').filter({ hasText: 'Added to Cart' }),
  ).toContainText('Bacteriostatic Water - 30ml has been added to your cart.');
});

test('the custom quote and specialist buttons are disabled', async ({ page }) => {
  await expect(page.getByRole('button', { name: 'Request Custom Quote' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Speak with Specialist' })).toBeDisabled();
});

test('keeps its search, category and sort in the address: Back from a product and a reload show the same view', async ({
  page,
}) => {
  await page.getByLabel('Category').selectOption('Tissue Research');
  await page.getByLabel('Sort by').selectOption('price');
  await page.getByLabel('Search the catalog').fill('bpc');
  await expect(page).toHaveURL(/\/catalog\?search=bpc&category=Tissue\+Research&sort=price$/);
  await expect(names(page)).toHaveText(['BPC-157']);

  await page.getByRole('link', { name: 'View Details: BPC-157', exact: true }).click();
  await expect(page).toHaveURL(/\/product\/bpc-157$/);
  await page.goBack();
  await expect(page.getByLabel('Category')).toHaveValue('Tissue Research');
  await expect(page.getByLabel('Sort by')).toHaveValue('price');
  await expect(page.getByLabel('Search the catalog')).toHaveValue('bpc');
  await expect(names(page)).toHaveText(['BPC-157']);

  await page.reload();
  await expect(names(page)).toHaveText(['BPC-157']);
  // A default is left out of the address, as the no-script form leaves it.
  await page.getByLabel('Category').selectOption('All');
  await expect(page).toHaveURL(/\/catalog\?search=bpc&sort=price$/);
});
