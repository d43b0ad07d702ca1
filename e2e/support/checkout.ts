import { expect, type Page } from '@playwright/test';

export const SANDBOX_CARDS = { approved: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' };

/** Fills the researcher form, and the shipping form where the page has one. */
export async function fillOrderForm(
  page: Page,
  { shipping, email = 'ada@lab.example' }: { shipping: boolean; email?: string },
) {
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('First Name *').fill('Ada');
  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Phone Number *').fill('555-0100');
  if (shipping) {
    await page.getByLabel('Address *').fill('1 Lab Way');
    await page.getByLabel('City *').fill('Tempe');
    await page.getByLabel('State *').fill('AZ');
    await page.getByLabel('ZIP Code *').fill('85281');
  }
}

/** A dedicated-checkout order as the page sends it to POST /api/checkout/orders, by the form's researcher. */
export const apiOrder = ({ productId, dose, email }: { productId: string; dose: string; email: string }) => ({
  checkout: 'product',
  lines: [{ productId, dose, quantity: 1, channel: 'storefront' }],
  customer: { email, firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '555-0100' },
  shipping: { address: '1 Lab Way', city: 'Tempe', state: 'AZ', zipCode: '85281' },
  agreeToTerms: true,
  agreeToAge: true,
});

export async function tickAgreements(page: Page) {
  await page.getByRole('checkbox', { name: /21 years of age or older/ }).check();
  await page.getByRole('checkbox', { name: /Terms of Service/ }).check();
}

/** The total the page's order summary shows, in cents. */
export async function summaryTotalCents(page: Page): Promise<number> {
  return Number(await page.getByTestId('summary-total').getAttribute('data-cents'));
}

/** On the payment sandbox's hosted page: pays with a test card (by default one that has not expired). */
export async function payOnHostedPage(page: Page, card: string, expiry = '12/30') {
  await expect(page.getByRole('heading', { level: 1, name: 'Helix Research' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Postal code').fill('85281');
  await page.getByRole('button', { name: /^Pay / }).click();
}

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * From a checkout page showing `totalCents` in its summary: fills in and sends the order (shipping, both
 * agreements; by `email`, or the form's usual researcher) with the button that names that total, and
 * checks the hosted payment page charges it.
 */
export async function orderChargingOnHostedPage(page: Page, totalCents: number, email?: string) {
  expect(await summaryTotalCents(page)).toBe(totalCents);
  await fillOrderForm(page, { shipping: true, email });
  await tickAgreements(page);
  await page.getByRole('button', { name: `Complete Order • ${usd(totalCents)}` }).click();
  await page.waitForURL(/\/pay\//);
  await expect(page.getByRole('row', { name: /Total/ })).toContainText(usd(totalCents));
}
