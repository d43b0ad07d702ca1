import { expect, test } from '@playwright/test';
import { asVerifiedAdult } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('the cart badge counts additions from every page, survives a reload and follows other tabs', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart: Retatrutide 5mg' }).click();
  await page.getByRole('button', { name: 'Add to Cart: TB-500 5mg' }).click();
  await expect(page.getByRole('button', { name: 'Open cart, 2 items' })).toBeVisible();

  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Add to Cart: Bacteriostatic Water' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  await page.goto('/product/bpc-157');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('5');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('5');

  const otherTab = await context.newPage();
  await otherTab.goto('/shipping-policy');
  await expect(otherTab.getByTestId('cart-count')).toHaveText('5');
  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await expect(otherTab.getByTestId('cart-count')).toHaveText('6');
});
