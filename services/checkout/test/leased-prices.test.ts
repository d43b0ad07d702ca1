import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { quoteSchema } from '@storefront/commerce/catalog';
import { cartQuoteSchema } from '@storefront/commerce/checkout';
import { SERVICE_KEY_HEADER } from '@storefront/server-kit';
import { testAppSettings, testDatabaseKinds } from '@storefront/server-kit/testing';
import request from 'supertest';
import { HARNESS_START_MS, openCheckoutHarness, type CheckoutHarness } from './harness';

const SEMAX_10MG = "channel = 'storefront' AND product_id = 'semax' AND dose = '10mg'";
const semaxLine = { productId: 'semax', dose: '10mg', quantity: 1 };
/**
 * Longer than the catalog's default, so that the checkout keeps a lease long after each change: a
 * checkout that priced from its copy past the catalog's change would be seen at once.
 */
const LEASE_MS = 2_000;

describe.each(testDatabaseKinds())('prices lent by the catalog, on %s', (kind) => {
  let harness: CheckoutHarness;
  beforeAll(async () => {
    harness = await openCheckoutHarness(kind, { priceLeaseMs: LEASE_MS });
  }, HARNESS_START_MS);
  afterAll(() => harness?.dispose());

  /** SEMAX 10mg as the checkout prices a cart of it. */
  const checkoutPrice = async () => {
    const res = await request(harness.checkout.app)
      .post('/cart/quote')
      .send({ lines: [{ ...semaxLine, channel: 'storefront' }] });
    expect(res.status).toBe(200);
    return cartQuoteSchema.parse(res.body).lines[0]!.unitPrice;
  };
  /** SEMAX 10mg as the catalog itself quotes it now. */
  const catalogPrice = async () => {
    const res = await request(harness.catalogUrl)
      .post('/internal/quote')
      .set(SERVICE_KEY_HEADER, testAppSettings.serviceKey)
      .send({ channel: 'storefront', lines: [semaxLine] });
    expect(res.status).toBe(200);
    return quoteSchema.parse(res.body).lines[0]!.unitPrice;
  };
  const catalogAsked = (call: string) => harness.catalogRequests.filter((r) => r === call).length;

  it('prices from the lent lists: a run of carts asks the catalog for no quote', async () => {
    await checkoutPrice();
    await sleep(100); // the first lease, asked for by that quote
    const quotesBefore = catalogAsked('POST /internal/quote');
    const leasesBefore = catalogAsked('GET /internal/price-list');
    for (let i = 0; i < 20; i++) await checkoutPrice();
    expect(catalogAsked('POST /internal/quote')).toBe(quotesBefore);
    // Renewed halfway through each lease, so a slow run asks for a few; never one per cart.
    expect(catalogAsked('GET /internal/price-list') - leasesBefore).toBeLessThan(10);
  });

  /**
   * Makes `change` in the catalog's database, then asks the checkout and the catalog side by side until
   * the catalog has charged the new price for a while: no cart asked after the catalog first charged it
   * may be priced at the old one.
   */
  async function expectNoStalePriceAcross(change: string, from: number, to: number) {
    expect(await checkoutPrice()).toBe(from);
    await harness.catalog.db.query(change);
    const changedAt = performance.now();
    // The checkout's answers with when each was asked; the catalog's first new price with when it was had.
    const checkoutAnswers: Array<{ askedAt: number; price: number }> = [];
    let catalogChargedNewBy = Infinity;
    while (performance.now() - catalogChargedNewBy < 300) {
      expect(performance.now() - changedAt).toBeLessThan(LEASE_MS + 1_500);
      const askedAt = performance.now();
      const [fromCheckout, fromCatalog] = await Promise.all([checkoutPrice(), catalogPrice()]);
      checkoutAnswers.push({ askedAt, price: fromCheckout });
      if (fromCatalog === to) catalogChargedNewBy = Math.min(catalogChargedNewBy, performance.now());
      else expect(fromCatalog).toBe(from);
    }
    const staleAfterChange = checkoutAnswers.filter(
      ({ askedAt, price }) => askedAt > catalogChargedNewBy && price !== to,
    );
    expect(staleAfterChange).toEqual([]);
  }

  it('never prices at a price the catalog has stopped charging, up or down, and charges the new one within the lease', async () => {
    const before = await catalogPrice();
    const setPrice = (cents: number) =>
      `UPDATE price_list_entries SET price_cents = ${cents} WHERE ${SEMAX_10MG}`;
    try {
      await expectNoStalePriceAcross(setPrice(before + 700), before, before + 700);
      await expectNoStalePriceAcross(setPrice(before), before + 700, before);
    } finally {
      await harness.catalog.db.query(setPrice(before));
    }
  });
});
