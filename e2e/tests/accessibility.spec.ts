import { type Locator } from '@playwright/test';
import { expect, test } from '../support/test';
import { asVerifiedAdult, expectNoSeriousA11yViolations } from '../support/fixtures';

test(
  'the home page with its age gate has no serious accessibility violations',
  { tag: '@journey' },
  async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Age Verification Required' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  },
);

const pages: Array<[string, string]> = [
  ['/', 'Premium Research Peptides'],
  ['/catalog', 'Research Peptide Catalog'],
  ['/refund-policy', 'Refund Policy'],
  ['/shipping-policy', 'Shipping Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/missing-page', 'Oops! Page not found'],
];

for (const [path, heading] of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await asVerifiedAdult(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

/**
 * Every part of a quantity stepper, reached by keyboard, shows its whole focus ring: 3 px, drawn inside
 * its own box, and nothing (a neighbour, a clipping parent) lies over any of its four edges. Focus
 * scrolls the part into view smoothly (the page's scroll-behavior), so the ring is judged once that
 * scroll has brought it in: mid-scroll, an edge may still be under the sticky header or below the fold.
 */
async function expectWholeFocusRingsOn(stepper: Locator) {
  const input = stepper.getByRole('spinbutton');
  await input.focus();
  await input.press('Shift+Tab');
  const parts = [
    stepper.getByRole('button', { name: /Decrease/ }),
    input,
    stepper.getByRole('button', { name: /Increase/ }),
  ];
  for (const [index, part] of parts.entries()) {
    if (index > 0) await part.page().keyboard.press('Tab');
    await expect(part).toBeFocused();
    const ringOf = () =>
      part.evaluate((element) => {
        const style = getComputedStyle(element);
        const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
        const edges = [
          [left + 1, top + height / 2],
          [right - 1, top + height / 2],
          [left + width / 2, top + 1],
          [left + width / 2, bottom - 1],
        ];
        const clippedBy = [
          ...(function* ancestors(node: Element | null) {
            for (; node; node = node.parentElement) yield node;
          })(element.parentElement),
        ].find((ancestor) => {
          const overflow = getComputedStyle(ancestor).overflow;
          const box = ancestor.getBoundingClientRect();
          return (
            overflow !== 'visible' &&
            (left < box.left || right > box.right || top < box.top || bottom > box.bottom)
          );
        });
        return {
          focusVisible: element.matches(':focus-visible'),
          outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineOffset}`,
          size: width >= 40 && height >= 40,
          edgesOnTop: edges.every(([x, y]) => {
            const found = document.elementFromPoint(x!, y!);
            return found === element || element.contains(found);
          }),
          clipped: Boolean(clippedBy),
        };
      });
    await expect.poll(ringOf).toEqual({
      focusVisible: true,
      outline: 'solid 3px -3px',
      size: true,
      edgesOnTop: true,
      clipped: false,
    });
  }
}

test('the quantity steppers of the product page, a checkout and the cart panel show a whole focus ring', async ({
  page,
}) => {
  await asVerifiedAdult(page);
  await page.goto('/checkout/semax?quantity=2');
  await expectWholeFocusRingsOn(page.getByRole('group', { name: /Quantity/ }).first());

  await page.goto('/product/bpc-157');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expectWholeFocusRingsOn(page.getByRole('group', { name: /Quantity/ }).first());
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  const panel = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(panel.getByRole('spinbutton', { name: 'Quantity of BPC-157 10mg' })).toHaveValue('2');
  await expectWholeFocusRingsOn(panel.getByRole('group', { name: /Quantity of BPC-157/ }));
});
