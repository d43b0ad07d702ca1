import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import {
  asVerifiedAdult,
  expectAddedForTwoSeconds,
  expectNoSeriousA11yViolations,
  MOBILE,
  recordButtonChanges,
  toast,
} from '../support/fixtures';

test.describe('product page', () => {
  test.beforeEach(async ({ page }) => {
    await asVerifiedAdult(page);
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
  });

  test(
    'shows the breadcrumb, quick specs, badges, price and the research-only warning',
    { tag: '@journey' },
    async ({ page }) => {
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      // The slashes between the items are drawn by CSS.
      await expect(breadcrumb.getByRole('listitem')).toHaveText([
        'Back to Catalog',
        'Tissue Research',
        'BPC-157',
      ]);
      await expect(breadcrumb.getByRole('link', { name: 'Back to Catalog' })).toHaveAttribute(
        'href',
        '/catalog',
      );
      await expect(page.getByText('Pharmaceutical Grade')).toBeVisible();
      const specs = page.getByRole('definition');
      await expect(specs.filter({ hasText: 'C62H98N16O22' })).toBeVisible();
      await expect(specs.filter({ hasText: '137525-51-0' })).toBeVisible();
      await expect(page.getByText('In Stock')).toBeVisible();
      await expect(page.getByTestId('unit-price')).toHaveText('$79.99 per vial');
      await expect(page.getByRole('note')).toHaveText(
        'FOR RESEARCH USE ONLY. Not for human or veterinary use.',
      );
    },
  );

  test('has keyboard-operable tabs with Specifications first', async ({ page }) => {
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([
      'Specifications',
      'Certificate of Analysis',
      'Safety Information',
      'Storage & Handling',
    ]);
    await expect(page.getByRole('tab', { name: 'Specifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('< 0.1 EU/mg');
    await page.getByRole('tab', { name: 'Specifications' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Certificate of Analysis' })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('BPC157-2610-014');
    await page.keyboard.press('End');
    await expect(page.getByRole('tabpanel')).toContainText('Shelf life: 24 months at -20°C');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Specifications' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Safety Information' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('For research use only.');
  });

  test('the total on Buy Now follows the quantity, which never goes below 1', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('button', { name: 'Buy Now - $239.97' })).toBeVisible();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(page.getByRole('button', { name: 'Buy Now - $159.98' })).toBeVisible();
  });

  test('Add to Cart adds the chosen quantity with the product page toast', async ({ page }) => {
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, 'Added to cart')).toBeVisible();
    await expect(page.getByText('2x BPC-157 (10mg) added to your cart')).toBeVisible();
  });

  test('Add to Cart says "Added!" in green for two seconds, as the home and catalogue buttons do', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const button = page.getByRole('button', { name: 'Add to Cart' });
    const changes = await recordButtonChanges(button);
    await button.click();
    await expectAddedForTwoSeconds(changes);
  });

  test('related products lead to their own pages', async ({ page }) => {
    const related = page.getByRole('region', { name: 'Related Research Products' });
    await expect(related.getByRole('heading', { level: 3 })).toHaveText([
      'TB-500',
      'BPC-157 + TB-500 Blend',
      'GHK-Cu',
    ]);
    await expect(related.getByText('$60.00')).toBeVisible();
    await related.getByRole('button', { name: 'View Details: TB-500' }).click();
    await expect(page).toHaveURL('/product/tb-500');
    await expect(page.getByRole('heading', { level: 1, name: 'TB-500' })).toBeVisible();
  });

  test(
    'Download Full CoA gives a PDF with the batch and every value',
    { tag: '@journey' },
    async ({ page }) => {
      await page.getByRole('tab', { name: 'Certificate of Analysis' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download Full CoA (PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('CoA-bpc-157-BPC157-2610-014.pdf');
      const bytes = new Uint8Array(await readFile((await download.path())!));
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
      const content = await (await pdf.getPage(1)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      for (const value of [
        'Certificate of Analysis',
        'BPC-157 (10mg)',
        '137525-51-0',
        'BPC157-2610-014',
        '2026-10-14',
        '99.7%',
        '1419.5 Da (confirmed)',
        '4.1%',
        '5.8%',
        '89.6%',
      ]) {
        expect(text).toContain(value);
      }
    },
  );

  test('has no serious accessibility violations', async ({ page }) => {
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('age gating on the product page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
  });

  test(
    'Buy Now asks first; confirming records it and goes to the checkout with the quantity, at the price it showed',
    { tag: '@journey' },
    async ({ page }) => {
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await expect(page.getByRole('button', { name: /^Buy Now/ })).toHaveText('Buy Now - $239.97');
      await page.getByRole('button', { name: /^Buy Now/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Age Verification Required' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'YES - I am 21+' }).click();
      await expect(page).toHaveURL('/checkout?peptideId=bpc-157&quantity=3&channel=catalogue');
      expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBe('true');
      // The checkout sells at the product page's list: three vials at $79.99, as the button said.
      await expect(page.getByTestId('summary-subtotal')).toHaveText('$239.97');
      await expect(page.getByRole('radio', { name: /^10mg/ })).toBeChecked();
    },
  );

  test('Add to Cart asks first; declining closes the dialog and goes home without adding', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Age Verification Required' });
    await dialog.getByRole('link', { name: 'NO - Under 21' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('added to your cart')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
  });

  test('Escape only closes the question: the shopper stays, unanswered and without the item', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Age Verification Required' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL('/product/bpc-157');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeFocused();
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('ageVerified'))).toBeNull();
  });

  test('Add to Cart proceeds once confirmed, and asks no more', async ({ page }) => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'YES - I am 21+' }).click();
    await expect(page.getByText('1x BPC-157 (10mg) added to your cart')).toBeVisible();
    // Adding opens the cart panel; once it is closed, a second addition asks no more.
    await expect(page.getByRole('dialog', { name: 'Shopping cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toHaveCount(0);
    await expect(page.getByTestId('cart-count')).toHaveText('2');
  });
});

test('every catalogue card leads to a real product page', async ({ page }) => {
  test.slow(); // a long journey across pages and services: allow for a busy machine
  await asVerifiedAdult(page);
  await page.goto('/catalog');
  await expect(page.getByTestId('catalogue-product')).toHaveCount(6);
  const links = await page
    .getByRole('link', { name: /^View Details: / })
    .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label')]));
  expect(links).toHaveLength(6);
  for (const [href, label] of links) {
    await page.goto(href!);
    await expect(
      page.getByRole('heading', { level: 1, name: label!.replace('View Details: ', ''), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Certificate of Analysis' })).toBeVisible();
  }
});

test('an unknown product says so and leads back to the catalogue', async ({ page }) => {
  await asVerifiedAdult(page);
  await page.goto('/product/unicorn-dust');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Catalog' }).click();
  await expect(page).toHaveURL('/catalog');
});

test.describe('under 768px', () => {
  test.use({ viewport: MOBILE });
  test('the product page fits the screen', async ({ page }) => {
    await asVerifiedAdult(page);
    await page.goto('/product/bpc-157');
    await expect(page.getByRole('heading', { level: 1, name: 'BPC-157' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });
});
