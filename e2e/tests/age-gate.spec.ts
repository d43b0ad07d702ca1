import { expect, test } from '../support/test';
import { MOBILE } from '../support/fixtures';

test.describe('home age gate', () => {
  test('opens on the first visit, dims the page and keeps it unclickable', async ({ page }) => {
    await page.goto('/');
    const gate = page.getByRole('dialog', { name: 'Age Verification Required' });
    await expect(gate).toBeVisible();
    await expect(page.locator('[data-age-gate-open="true"]')).toHaveAttribute('inert', '');
    // A click aimed at the header lands on the overlay instead.
    await page.mouse.click(100, 30);
    await expect(page).toHaveURL('/');
    await expect(gate).toBeVisible();
  });

  test('holds the page behind it still: a swipe or a wheel scrolls nothing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeVisible();
    await page.mouse.move(40, 400);
    await page.mouse.wheel(0, 1_500);
    await page.keyboard.press('End');
    // Nothing is to happen: time for a smooth scroll to have run, then the page is where it was.
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'YES - I am 21+' }).click();
    await page.mouse.wheel(0, 1_500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("'NO - Under 21' does nothing", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'NO - Under 21' }).click();
    await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeVisible();
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
  });

  test(
    "'YES - I am 21+' closes it, enables the page and is remembered",
    { tag: '@journey' },
    async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'YES - I am 21+' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance' }).click();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Stay Updated with Research' })).toBeVisible();
      await expect(page.getByRole('dialog')).toBeHidden();
    },
  );

  test('is not shown away from the home page', async ({ page }) => {
    await page.goto('/shipping-policy');
    await expect(page.getByRole('heading', { name: 'Shipping Policy' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test.describe('under 768px', () => {
    test.use({ viewport: MOBILE });
    test('fills the screen', async ({ page }) => {
      await page.goto('/');
      const box = await page.getByRole('dialog', { name: 'Age Verification Required' }).boundingBox();
      expect(box).toEqual({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
    });
  });
});
