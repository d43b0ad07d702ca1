import type { PriceListLease } from '@storefront/commerce/catalog';
import { LEASE_RETRY_MS, leasePrices } from '../src/leased-prices';

const LEASE: PriceListLease = {
  leaseMs: 100,
  prices: [
    {
      channel: 'storefront',
      productId: 'semax',
      dose: '10mg',
      name: 'SEMAX',
      sku: 'SMX-10',
      image: '/semax.svg',
      unitPrice: 8900,
    },
  ],
};
const semax = { channel: 'storefront' as const, lines: [{ productId: 'semax', dose: '10mg', quantity: 2 }] };

/**
 * The catalog's side played by the test: each ask waits until the test answers it, on a clock the test
 * moves. (The whole protocol, on the real catalog, is in leased-prices.test.ts.)
 */
function catalogByHand() {
  let at = 0;
  const asks: Array<(lease: PriceListLease | null | Error) => void> = [];
  const prices = leasePrices(
    () =>
      new Promise((resolve, reject) =>
        asks.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer))),
      ),
    () => at,
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    prices,
    asks,
    moveTo: (ms: number) => (at = ms),
    answer: async (lease: PriceListLease | null | Error) => {
      asks.shift()!(lease);
      await settle();
    },
  };
}

describe("the checkout's copy of the lent price lists", () => {
  it('prices nothing until a lease has come, then prices from it, refusing what is not sold', async () => {
    const catalog = catalogByHand();
    expect(catalog.prices.quote(semax)).toBeUndefined();
    expect(catalog.asks).toHaveLength(1);
    await catalog.answer(LEASE);
    expect(catalog.prices.quote(semax)).toEqual({
      ok: true,
      quote: {
        channel: 'storefront',
        lines: [expect.objectContaining({ unitPrice: 8900, lineTotal: 17800 })],
      },
    });
    expect(catalog.prices.quote({ ...semax, channel: 'catalogue' })).toEqual({
      ok: false,
      errors: [{ field: 'lines.0', message: 'No price for "semax" 10mg in the catalogue price list.' }],
    });
  });

  it('counts a lease from when it was asked for, so one answered late ends early', async () => {
    const catalog = catalogByHand();
    catalog.prices.quote(semax);
    catalog.moveTo(90);
    await catalog.answer(LEASE);
    catalog.moveTo(99);
    expect(catalog.prices.quote(semax)?.ok).toBe(true);
    catalog.moveTo(100);
    expect(catalog.prices.quote(semax)).toBeUndefined();
  });

  it('renews halfway through a lease, one ask at a time, pricing from the copy meanwhile', async () => {
    const catalog = catalogByHand();
    catalog.prices.quote(semax);
    await catalog.answer(LEASE);
    catalog.moveTo(49);
    catalog.prices.quote(semax);
    expect(catalog.asks).toHaveLength(0);
    catalog.moveTo(50);
    expect(catalog.prices.quote(semax)?.ok).toBe(true);
    expect(catalog.prices.quote(semax)?.ok).toBe(true);
    expect(catalog.asks).toHaveLength(1);
    await catalog.answer(LEASE);
    catalog.moveTo(140);
    expect(catalog.prices.quote(semax)?.ok).toBe(true); // the renewed lease, asked at 50
  });

  it('asks again only after a pause when the catalog lends none or cannot be reached', async () => {
    const catalog = catalogByHand();
    catalog.prices.quote(semax);
    await catalog.answer(null);
    catalog.prices.quote(semax);
    expect(catalog.asks).toHaveLength(0);
    catalog.moveTo(LEASE_RETRY_MS);
    catalog.prices.quote(semax);
    await catalog.answer(new Error('catalog restarting'));
    catalog.moveTo(2 * LEASE_RETRY_MS - 1);
    catalog.prices.quote(semax);
    expect(catalog.asks).toHaveLength(0);
    catalog.moveTo(2 * LEASE_RETRY_MS);
    expect(catalog.prices.quote(semax)).toBeUndefined();
    expect(catalog.asks).toHaveLength(1);
  });
});
