import { asVerifiedAdult, toast, uniqueEmail } from '../support/fixtures';
import {
  accessTokenOf,
  confirmedResearcher,
  PASSWORD,
  passwordSignIn,
  resetLinkFor,
} from '../support/researcher';
import { expect, test } from '../support/test';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

const NEW_PASSWORD = 'a new lab bench passphrase';

test(
  'a forgotten password: the link by mail, a new password, signed in; the old password, the old sessions and the link again refused',
  { tag: '@journey' },
  async ({ page }) => {
    const email = uniqueEmail('forgetful');
    await confirmedResearcher(page.request, email);
    const oldSession = await accessTokenOf(page.request, email);

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(/^If an account exists for that email, we have sent it a link/),
    ).toBeVisible();

    const link = await resetLinkFor(page.request, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
    // Come by the link, the current password is not asked for.
    await expect(page.getByLabel('Current Password')).toHaveCount(0);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    expect((await passwordSignIn(page.request, email, PASSWORD)).status()).toBe(400);
    expect((await passwordSignIn(page.request, email, NEW_PASSWORD)).status()).toBe(200);
    const old = await page.request.get('/api/account/auth/v1/user', {
      headers: { apikey: 'storefront-local-anon-key', authorization: `Bearer ${oldSession}` },
    });
    expect(old.status()).toBe(403);

    // The link again, from a browser signed out: refused, and a new one can be asked for there.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(link);
    await expect(
      page.getByText(
        'This password reset link is invalid, has expired or has already been used. Please ask for a new one below.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  },
);

test('signed in, changing the password asks for the current one', async ({ page }) => {
  const email = uniqueEmail('changing');
  await confirmedResearcher(page.request, email);
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('Current Password').fill('not the password');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
});
