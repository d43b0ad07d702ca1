import { expect, test } from '@playwright/test';
import { approveByCommand, uniqueAffiliateName } from '../../support/affiliates';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, signInOnTheServer } from '../../support/researcher';

// The affiliate program where no script runs: the researcher the server signed in applies with the
// plain form, is told what was wrong with what was typed (kept), and sees their code once approved.

test('a researcher signed in without scripts applies, corrects the form, and sees their code once approved', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('no-script-affiliate');
  const name = uniqueAffiliateName('Dr. Grace Lab');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);

  await page.goto('/affiliate');
  await expect(page.getByText('Tell us about your work to apply.')).toBeVisible();
  // Spaces pass the browser's own check; the service's answer is shown, and what was typed kept.
  await page.getByLabel('Your name').fill('   ');
  await page.getByLabel('Website or channel').fill('https://no-script-notes.example');
  await page.getByLabel('How you will promote us').fill('Talks at our institute.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByLabel('Website or channel')).toHaveValue('https://no-script-notes.example');

  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/affiliate$/);
  await expect(page.getByText(`Thank you, ${name}. Your application is being reviewed.`)).toBeVisible();

  const code = await approveByCommand(baseURL!, name);
  await page.reload();
  await expect(page.getByText(`Your code: ${code}`)).toBeVisible();
  // The whole link, on the site's address, in a field whose text is there to select and copy by hand.
  const link = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(link).toHaveValue(`${baseURL}/ref/${code}`);
  await expect(link).not.toBeEditable();
  await link.selectText();
  // The portal's figures are the server's page too: the chart drawn, the empty order list said.
  await expect(page.getByRole('heading', { name: 'Your referrals' })).toBeVisible();
  await expect(page.getByText('Commission payable')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Last 30 days, .*: 0 clicks and 0 orders\.$/ })).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();
});

test('anyone else reads how to join, with the links to sign in', async ({ page }) => {
  await page.goto('/affiliate');
  await expect(page.getByRole('heading', { name: 'Affiliate Program' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/auth',
  );
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
});
