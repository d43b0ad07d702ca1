import { expect, test } from '@playwright/test';
import { catalogServes, raiseSemaxPrice, restoreSemaxPrice } from '../../support/catalog-prices';
import { callFrom, SCALE_STACK } from '../../support/scale-stack';

/**
 * The SEMAX checkout as an anonymous visitor gets it: from nginx's page cache (the edge), or from
 * whichever shell nginx hands the request to.
 */
const anonymousPage = () =>
  callFrom('127.0.0.72', `${SCALE_STACK.baseURL}/checkout/semax`, { headers: { accept: 'text/html' } });

test('a price changed in the catalog shows on the next anonymous request of a page every shell and the edge keep', async () => {
  test.slow();
  // Kept by the edge, which answers it from then on without asking a shell.
  for (let i = 0; i < 4; i++) expect((await anonymousPage()).body).toContain('$89.00');
  const kept = await anonymousPage();
  expect(kept.headers['x-edge-cache']).toBe('HIT');
  expect(kept.body).toContain('$89.00');
  await raiseSemaxPrice(500);
  try {
    await catalogServes(9400);
    // From here the catalog answers the new price: no shell may send the page it kept with the old one.
    for (let i = 0; i < 4; i++) {
      const html = (await anonymousPage()).body;
      expect(html).toContain('$94.00');
      expect(html).not.toContain('$89.00');
    }
  } finally {
    await restoreSemaxPrice();
  }
});
