import { expect, test } from '../support/test';
import { asVerifiedAdult } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('with the content module unreachable, the home page still works and the newsletter region says so', async ({
  page,
}) => {
  await page.route('**/remotes/content/**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.getByTestId('home-product')).toHaveCount(7);
  // The newsletter's code is fetched when its region comes near the screen.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert')).toContainText('The newsletter sign-up is unavailable right now.');
});

test('when the catalog service fails, the grid says so plainly and Try again recovers', async ({ page }) => {
  // Arriving from another page, the home page's products are fetched by the browser.
  // The answer the shell's proxy gives for a service that is down.
  let down = true;
  await page.route('**/api/catalog/home-products', (route) =>
    down
      ? route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            title: 'Service unavailable',
            status: 503,
            detail: 'The catalog service is unavailable right now.',
          }),
        })
      : route.continue(),
  );
  await page.goto('/refund-policy');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('alert')).toContainText('Our products could not be loaded.');
  await expect(page.getByRole('heading', { name: 'Quality Assurance' })).toBeAttached();
  down = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('home-product')).toHaveCount(7);
});
