import { approveByCommand, uniqueAffiliateName } from '../../support/affiliates';
import { uniqueEmail } from '../../support/fixtures';
import { confirmedResearcher, signInOnTheServer } from '../../support/researcher';
import { expect, hydrated, test } from '../../support/phone';

// An affiliate on a slow phone, who applies as soon as the form shows (before the page has hydrated, the
// plain form is sent) and then finds their code and link on the screen, nothing wider than it.

test('an affiliate applies on a phone as soon as the form shows, and reads their code within the screen', async ({
  page,
  baseURL,
}) => {
  // Two operator commands (each a Node start) beside a phone at 4x CPU: 64 s on a quiet CI night.
  test.setTimeout(150_000);
  await page.context().addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  const email = uniqueEmail('phone-affiliate');
  const name = uniqueAffiliateName('Dr. Phone Lab');
  await confirmedResearcher(page.request, email);
  await signInOnTheServer(page.request, baseURL!, email);

  await page.goto('/affiliate', { waitUntil: 'commit' });
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Website or channel').fill('https://phone-notes.example');
  await page.getByLabel('How you will promote us').fill('Posts for our lab group.');
  test.info().annotations.push({ type: 'hydrated when applying', description: String(await hydrated(page)) });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Thank you, ${name}. Your application is being reviewed.`)).toBeVisible({
    timeout: 30_000,
  });

  const code = await approveByCommand(baseURL!, name);
  await page.goto('/affiliate', { waitUntil: 'commit' });
  const link = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(link).toHaveValue(`${baseURL}/ref/${code}`, { timeout: 30_000 });
  await expect(page.getByRole('img', { name: /^Last 30 days, / })).toBeVisible();
  await expect(page.getByText('Revenue referred')).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
