import { expect, test } from '../../support/test';
import { orderChargingOnHostedPage, payOnHostedPage, SANDBOX_CARDS } from '../../support/checkout';
import { asVerifiedAdult, toast } from '../../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test('a purchase with an affiliate code on two instances of everything, paid and confirmed', async ({
  page,
}) => {
  test.slow();
  await page.goto('/checkout/cjc1295?dosage=10mg&quantity=2');
  await page.getByRole('button', { name: 'Add affiliate code' }).click();
  await page.getByRole('textbox', { name: 'Affiliate code' }).fill('research10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Affiliate Code Applied')).toBeVisible();
  // 2 x 100.00 = 200.00; -20.00; shipping 15.99; tax 14.40 → 210.39
  await orderChargingOnHostedPage(page, 21039);
  await payOnHostedPage(page, SANDBOX_CARDS.approved);

  // Square's webhook reaches whichever checkout instance nginx picks; the page asks whichever it picks.
  await page.waitForURL(/\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment confirmed');
});
