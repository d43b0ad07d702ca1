import { expect, test } from '../support/test';
import { asVerifiedAdult, MOBILE } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test.describe('header on desktop', () => {
  test(
    'shows the search box, cart, account and navigation of the spec',
    { tag: '@journey' },
    async ({ page }) => {
      await page.goto('/');
      const search = page.getByRole('searchbox', { name: 'Search products' });
      await expect(search).toHaveAttribute('placeholder', 'Search peptides, CAS, formulas');
      await expect(page.getByText('Ctrl K')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open cart, 0 items' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Product Catalog' })).toBeDisabled();
      await expect(nav.getByRole('button', { name: 'Certificates' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    },
  );

  test('Ctrl+K focuses the search box', async ({ page }) => {
    await page.goto('/refund-policy');
    await page.getByRole('heading', { name: 'Refund Policy' }).click();
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
  });

  test('Enter in the search brings the results to the top of the screen, from any page', async ({ page }) => {
    for (const start of ['/', '/catalog']) {
      await page.goto(start);
      const search = page.getByRole('searchbox', { name: 'Search products' });
      await search.fill('bpc');
      await search.press('Enter');
      await expect(page).toHaveURL(/\/\?q=bpc$/);
      const results = page.getByRole('heading', { name: 'Premium Research Peptides' });
      await expect(results).toBeInViewport();
      await expect(page.getByTestId('home-product').first()).toBeInViewport({ ratio: 0.5 });
    }
  });

  test('between a phone and a wide screen the search keeps its room; Sign In moves down to the navigation row', async ({
    page,
  }) => {
    for (const width of [768, 844, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const search = await page.getByRole('searchbox', { name: 'Search products' }).boundingBox();
      expect(search!.width).toBeGreaterThanOrEqual(320);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const row = (await nav.boundingBox())!;
      const lastEntry = (await nav.getByRole('button', { name: 'Certificates' }).boundingBox())!;
      for (const name of ['Sign In', 'Create Account']) {
        const link = page.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        // In the navigation row, after its last entry, and within the screen.
        expect(box.y).toBeGreaterThanOrEqual(row.y);
        expect(box.y + box.height).toBeLessThanOrEqual(row.y + row.height);
        expect(box.x).toBeGreaterThan(lastEntry.x + lastEntry.width);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) });
    }
  });

  test('Compliance scrolls to the compliance notice', async ({ page }) => {
    await page.goto('/terms-of-service');
    const notice = page.getByRole('region', { name: 'Compliance Notice' });
    await expect(notice).not.toBeInViewport();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance' }).click();
    await expect(notice).toBeInViewport();
  });

  test('Sign In and Create Account go to /auth, Home back to /', async ({ page }) => {
    await page.goto('/shipping-policy');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/auth?tab=sign-up');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('link', { name: 'Create Account' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/auth?tab=sign-up');
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible();
  });

  test('Escape closes the mobile menu and gives focus back to its toggle', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the footer shows the contact details from configuration and the policy links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'support@helix-research.example' })).toHaveAttribute(
      'href',
      'mailto:support@helix-research.example',
    );
    await expect(footer.getByRole('link', { name: '+1 (480) 555-0142' })).toBeVisible();
    const policyLinks: Array<[string, string]> = [
      ['Shipping Policy', '/shipping-policy'],
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/terms-of-service'],
      ['Return Policy', '/refund-policy'],
    ];
    for (const [name, href] of policyLinks) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});

test.describe('header under 768px', () => {
  test.use({ viewport: MOBILE });

  test(
    'has the menu toggle and the compact bar instead of the desktop navigation',
    { tag: '@journey' },
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      const compact = page.getByRole('navigation', { name: 'Quick links' });
      await expect(compact.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(compact.getByRole('button', { name: 'Catalog' })).toBeDisabled();
      await expect(compact.getByRole('link', { name: 'Compliance' })).toBeVisible();
      await expect(compact.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('navigation', { name: 'Menu' });
      await expect(menu.getByRole('link', { name: 'Create Account' })).toBeVisible();
      await menu.getByRole('link', { name: 'Sign In' }).click();
      await expect(page).toHaveURL('/auth');
      await expect(menu).toBeHidden();
    },
  );

  test('keeps the header on one screen width without horizontal scrolling', async ({ page }) => {
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { name: 'Refund Policy' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(MOBILE.width);
  });
});
