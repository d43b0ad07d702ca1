import { expect, test } from '../support/test';
import { asVerifiedAdult, toast, uniqueEmail } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await asVerifiedAdult(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Stay Updated with Research' })).toBeVisible();
  await waitForNewsletter(page);
});

/** The sign-up's code is fetched when it scrolls near the screen; its form works once that has hydrated. */
async function waitForNewsletter(page: import('@playwright/test').Page) {
  await page.getByRole('form', { name: 'Newsletter sign-up' }).scrollIntoViewIfNeeded();
  await expect(page.locator('[data-region="content/Newsletter"][data-ready]')).toBeAttached();
}

async function subscribe(page: import('@playwright/test').Page, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
}

test('subscribes and replaces the form with a success card', { tag: '@journey' }, async ({ page }) => {
  await subscribe(page, 'Ada Lovelace', uniqueEmail('ok'));
  await expect(toast(page, 'Successfully subscribed!')).toBeVisible();
  await expect(page.getByText('Thank you for joining our research community.')).toBeVisible();
  await expect(page.getByText("You're subscribed!")).toBeVisible();
  await expect(page.getByRole('form', { name: 'Newsletter sign-up' })).toBeHidden();
});

test('says "Already subscribed" for an address already on the list, whatever its case', async ({ page }) => {
  const email = uniqueEmail('dup');
  await subscribe(page, 'First Time', email);
  await expect(toast(page, 'Successfully subscribed!')).toBeVisible();
  await page.reload();
  await waitForNewsletter(page);
  await subscribe(page, 'Second Time', email.toUpperCase());
  await expect(toast(page, 'Already subscribed')).toBeVisible();
  await expect(page.getByText('This email is already subscribed to our newsletter.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Newsletter sign-up' })).toBeVisible();
});

test('asks for the missing fields', { tag: '@journey' }, async ({ page }) => {
  await subscribe(page, 'No Email', '');
  await expect(toast(page, 'Required fields missing')).toBeVisible();
  await expect(page.getByText('Please fill in your email and name.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Newsletter sign-up' })).toBeVisible();
});
