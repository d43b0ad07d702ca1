import { expect } from '@playwright/test';
import { approveByCommand, uniqueAffiliateName } from '../support/affiliates';
import { asVerifiedAdult, uniqueEmail } from '../support/fixtures';
import { confirmedResearcher, signInOnTheServer } from '../support/researcher';
import { test } from '../support/test';

test('anyone reads how to join the affiliate program; signing in leads to the application', async ({
  page,
}) => {
  await asVerifiedAdult(page);
  await page.goto('/affiliate');
  await expect(page.getByRole('heading', { name: 'Affiliate Program' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth');
  await expect(main.getByRole('link', { name: 'create an account' })).toHaveAttribute(
    'href',
    '/auth?tab=sign-up',
  );
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
});

test('an account applies, an operator approves it, and the affiliate copies their own link', async ({
  page,
  baseURL,
  context,
}) => {
  await asVerifiedAdult(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('affiliate');
  const name = uniqueAffiliateName('Dr. Ada Lab');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);

  await page.goto('/affiliate');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Website or channel').fill('https://peptide-notes.example');
  await page.getByLabel('How you will promote us').fill('A weekly letter to 2,000 lab managers.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Thank you, ${name}. Your application is being reviewed.`)).toBeVisible();

  // The operator approves it with the command line, while the site runs.
  const code = await approveByCommand(baseURL!, name);

  await page.reload();
  await expect(page.getByText('Approved')).toBeVisible();
  await expect(page.getByText(`Your code: ${code}`)).toBeVisible();
  const link = `${baseURL}/ref/${code}`;
  await expect(page.getByText(link)).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The code is the shop's at once: a shopper's checkout takes it, with the program's discount.
  const shopper = await context.browser()!.newContext();
  const shopperPage = await shopper.newPage();
  await asVerifiedAdult(shopperPage);
  await shopperPage.goto(`/checkout/retatrutide?ref=${code}`);
  await expect(shopperPage.getByText(`${name} - 10% off`)).toBeVisible();
  await shopper.close();

  // Another account sees its own standing, never the first's.
  const other = await context.browser()!.newContext();
  const otherPage = await other.newPage();
  await asVerifiedAdult(otherPage);
  const otherEmail = uniqueEmail('other-affiliate');
  await confirmedResearcher(otherPage.request, otherEmail);
  await signInOnTheServer(otherPage.request, baseURL!, otherEmail);
  await otherPage.goto('/affiliate');
  await expect(otherPage.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(otherPage.getByText(code)).toHaveCount(0);
  await other.close();
});
