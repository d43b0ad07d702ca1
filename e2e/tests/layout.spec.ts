import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { asVerifiedAdult, lineCount, MOBILE } from '../support/fixtures';

test.beforeEach(async ({ page }) => asVerifiedAdult(page));

test.describe('at 375px', () => {
  test.use({ viewport: MOBILE });

  test('the sticky header keeps to a small part of the screen, and its search hint is not cut', async ({
    page,
  }) => {
    await page.goto('/catalog');
    await page.mouse.wheel(0, 600);
    const header = page.getByRole('banner');
    await expect.poll(() => header.evaluate((node) => node.getBoundingClientRect().top)).toBe(0);
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(MOBILE.height / 6);
    const search = page.getByRole('searchbox', { name: 'Search products' });
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const available = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return available - context.measureText(input.placeholder).width;
    });
    // Chrome keeps room for a search box's clear button: the hint must fit beside it, not only in the box.
    expect(room).toBeGreaterThanOrEqual(16);
  });

  test('every product tab is on screen, and Back sits on one line beside the checkout title', async ({
    page,
  }) => {
    await page.goto('/product/bpc-157');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      expect(await lineCount(tab)).toBe(1);
    }
    await page.goto('/checkout/retatrutide');
    const back = page.getByRole('button', { name: '← Back' });
    expect(await lineCount(back)).toBe(1);
    const title = page.getByRole('heading', { level: 1, name: 'Research Checkout' });
    expect(await lineCount(title)).toBe(1);
  });

  test("the home page's research areas keep to their columns and Coming Soon stays short", async ({
    page,
  }) => {
    await page.goto('/');
    for (const area of await page.getByRole('list', { name: 'Research areas' }).getByRole('listitem').all()) {
      const overflow = await area.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await lineCount(area)).toBe(1);
    }
    for (const placeholder of await page.getByTestId('coming-soon').all()) {
      expect((await placeholder.boundingBox())!.height).toBeLessThanOrEqual(150);
    }
  });
});

for (const viewport of [{ width: 1280, height: 900 }, MOBILE]) {
  test(`at ${viewport.width}px the rule above the order total is one unbroken line`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/checkout/semax');
    const [label, amount] = await page
      .locator('dl .total')
      .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()));
    expect(Math.abs(label!.right - amount!.left)).toBeLessThan(1);
    expect(label!.top).toBe(amount!.top);
  });
}

test('product names on the vial pictures stay inside the label band', async ({ page }) => {
  for (const picture of [
    '/api/catalog/images/v2/cjc-1295-ipamorelin/default.svg',
    '/api/catalog/images/v2/bpc-tb-blend/default.svg',
    '/api/catalog/images/v2/bacteriostatic-water/default.svg',
    '/api/catalog/images/v2/retatrutide/10mg.svg',
  ]) {
    await page.goto(picture);
    // The band is the label's white rectangle, 136 wide at x 132, in the drawing's own units.
    const names = await page.evaluate(() =>
      [...document.querySelectorAll<SVGTextElement>('text[font-weight="700"]')].map((text) => {
        const box = text.getBBox();
        return { left: box.x, right: box.x + box.width };
      }),
    );
    expect(names.length, picture).toBeGreaterThan(0);
    for (const name of names) {
      expect(name.left, picture).toBeGreaterThanOrEqual(132);
      expect(name.right, picture).toBeLessThanOrEqual(268);
    }
  }
});

/** The Order Summary and Researcher Information cards of a checkout: the gap between them and their widths. */
async function checkoutCards(page: Page) {
  await expect(page.getByRole('heading', { name: 'Researcher Information' })).toBeVisible();
  return page.evaluate(() => {
    const heading = (name: string) =>
      [...document.querySelectorAll('h2')].find((h2) => h2.textContent?.trim() === name)!;
    const [summary, researcher] = [heading('Order Summary'), heading('Researcher Information')];
    // The two cards: the children of the nearest element holding both headings.
    let shared: Element = summary.parentElement!;
    while (!shared.contains(researcher)) shared = shared.parentElement!;
    const card = (of: Element) =>
      [...shared.children].find((child) => child.contains(of))!.getBoundingClientRect();
    const [first, second] = [card(summary), card(researcher)];
    // Stacked (one column) or side by side: the space between them either way.
    const stacked = first!.left < second!.right && second!.left < first!.right;
    const gap = stacked
      ? Math.max(first!.top, second!.top) - Math.min(first!.bottom, second!.bottom)
      : Math.max(first!.left, second!.left) - Math.min(first!.right, second!.right);
    return { gap: Math.round(gap), widths: Math.round(Math.abs(second!.width - first!.width)) };
  });
}

test('/cart-checkout lays out its cards as the dedicated checkouts do: 20 px apart, equal widths', async ({
  page,
}) => {
  await page.goto('/checkout/semax');
  const dedicated = await checkoutCards(page);
  expect(dedicated).toEqual({ gap: 20, widths: 0 });

  await page.goto('/');
  await page.getByRole('button', { name: 'Add to Cart: SEMAX 10mg' }).click();
  await page
    .getByRole('dialog', { name: 'Shopping cart' })
    .getByRole('button', { name: 'Proceed to Checkout' })
    .click();
  await expect(page).toHaveURL(/\/cart-checkout$/);
  expect(await checkoutCards(page)).toEqual(dedicated);
});
