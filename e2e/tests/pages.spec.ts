import { expect, test } from '../support/test';
import { asVerifiedAdult } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('an unknown route shows the not-found page with a way home', { tag: '@journey' }, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});

test(
  'the refund policy states that all sales are final, with the 48-hour damage window',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect(page.getByText('All sales are final.', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/within 48 hours of delivery/)).toBeVisible();
    await expect(page.getByText(/never delivered/)).toBeVisible();
  },
);

test('the shipping policy gives processing and delivery times', { tag: '@journey' }, async ({ page }) => {
  await page.goto('/shipping-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
  for (const text of [
    /1-2 business days/,
    /3-5 business days/,
    /7-14 business days/,
    /without water or syringes/,
  ]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
});

test(
  'the terms give age 21, USD, Arizona law and the 14-day return window',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    for (const text of [
      /at least 21 years old/,
      /USD/,
      /State of Arizona/,
      /within 14 days/,
      /5-10 business days/,
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
  },
);

test('the footer links lead to the policy pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).click();
  await expect(page).toHaveURL('/refund-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
});

test('a remote whose files cannot be fetched shows its message, and Try again recovers', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/content/**', (route) =>
    blocked ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto('/refund-policy');
  await expect(page.getByRole('alert')).toContainText('The refund policy is unavailable right now.');
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
});
