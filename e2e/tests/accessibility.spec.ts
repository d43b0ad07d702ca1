import { expect, test } from '../support/test';
import { asVerifiedAdult, expectNoSeriousA11yViolations } from '../support/fixtures';

test('the home page with its age gate has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

const pages: Array<[string, string]> = [
  ['/', 'Premium Research Peptides'],
  ['/catalog', 'Research Peptide Catalog'],
  ['/refund-policy', 'Refund Policy'],
  ['/shipping-policy', 'Shipping Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/missing-page', 'Oops! Page not found'],
];

for (const [path, heading] of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await asVerifiedAdult(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
