import { expect, test } from '../../support/test';
import { asVerifiedAdult } from '../../support/fixtures';

// On the stack with the shop's own limits (ten code lookups a minute per client): a code the shopper
// holds is looked up again on every checkout page, and must never run out of that budget.

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('a code saved from a /ref link keeps its discount over a dozen checkout loads within a minute', async ({
  page,
}) => {
  test.slow();
  await page.goto('/ref/RESEARCH10');
  await expect(page).toHaveURL(/\/$/);
  for (let load = 1; load <= 12; load++) {
    await page.goto('/checkout/ghk-cu');
    await expect(page.getByText('Research Partner - 10% off'), `checkout load ${load}`).toBeVisible();
    await expect(page.getByTestId('summary-discount')).not.toHaveText('');
  }
});
