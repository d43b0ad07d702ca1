import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, PASSWORD, passwordSignIn, resetLinkFor } from '../../support/researcher';

// A forgotten password where no script runs: both forms are plain forms the account module's server
// actions complete, and the link is taken by the page's server loader.

test('without scripts, a reset link sets a new password and signs in; used again it is refused', async ({
  page,
}) => {
  const email = uniqueEmail('no-script-forgetful');
  await confirmedResearcher(page.request, email);
  await page.goto('/auth/reset');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/^If an account exists for that email, we have sent it a link/)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const link = await resetLinkFor(page.request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm New Password').fill('12345');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('a fresh passphrase');
  await page.getByLabel('Confirm New Password').fill('a fresh passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Your password has been changed. Your other devices have been signed out.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  expect((await passwordSignIn(page.request, email, PASSWORD)).status()).toBe(400);
  expect((await passwordSignIn(page.request, email, 'a fresh passphrase')).status()).toBe(200);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(
    page.getByText(/^This password reset link is invalid, has expired or has already been used\./),
  ).toBeVisible();
});
