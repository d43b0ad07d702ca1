import type { PriceEntry } from './catalog-schemas';
import { indexPrices, priceQuote, unpricedDetail } from './price-list';

const entry = (channel: PriceEntry['channel'], productId: string, dose: string, unitPrice: number) => ({
  channel,
  productId,
  dose,
  unitPrice,
  name: productId.toUpperCase(),
  sku: `${productId}-${dose}-${channel}`,
  image: `/images/${productId}/${dose}.svg`,
});

const priceOf = indexPrices([
  entry('storefront', 'semax', '10mg', 8900),
  entry('catalogue', 'semax', '10mg', 9900),
  entry('storefront', 'semax', '5mg', 5900),
]);

describe('pricing lines from a price list', () => {
  it("prices each line at its channel's price, with its name, SKU, picture and line total", () => {
    expect(
      priceQuote(
        {
          channel: 'catalogue',
          lines: [
            { productId: 'semax', dose: '10mg', quantity: 3 },
            { productId: 'semax', dose: '10mg', quantity: 1 },
          ],
        },
        priceOf,
      ),
    ).toEqual({
      ok: true,
      quote: {
        channel: 'catalogue',
        lines: [
          {
            productId: 'semax',
            dose: '10mg',
            quantity: 3,
            name: 'SEMAX',
            sku: 'semax-10mg-catalogue',
            image: '/images/semax/10mg.svg',
            unitPrice: 9900,
            lineTotal: 29700,
          },
          expect.objectContaining({ quantity: 1, unitPrice: 9900, lineTotal: 9900 }),
        ],
      },
    });
  });

  it('refuses the whole quote, naming every line its channel does not sell, and prices none at zero', () => {
    expect(
      priceQuote(
        {
          channel: 'catalogue',
          lines: [
            { productId: 'semax', dose: '5mg', quantity: 1 },
            { productId: 'semax', dose: '10mg', quantity: 1 },
            { productId: 'tb-500', dose: '5mg', quantity: 2 },
          ],
        },
        priceOf,
      ),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'lines.0', message: 'No price for "semax" 5mg in the catalogue price list.' },
        { field: 'lines.2', message: 'No price for "tb-500" 5mg in the catalogue price list.' },
      ],
    });
  });

  it("tells the shopper every unsold line of a refused quote, in the lines' order", () => {
    expect(
      unpricedDetail([
        { message: 'No price for "semax" 5mg in the catalogue price list.' },
        { message: 'No price for "tb-500" 5mg in the catalogue price list.' },
      ]),
    ).toBe(
      'No price for "semax" 5mg in the catalogue price list. No price for "tb-500" 5mg in the catalogue price list.',
    );
  });

  it('finds a price by channel, product and dose together', () => {
    expect(priceOf('storefront', 'semax', '5mg')?.unitPrice).toBe(5900);
    expect(priceOf('catalogue', 'semax', '5mg')).toBeUndefined();
    expect(priceOf('storefront', 'semax', '10mg')?.unitPrice).toBe(8900);
    // No joined key may match another entry: "semax" + "10mg" is not "semax1" + "0mg".
    expect(priceOf('storefront', 'semax1', '0mg')).toBeUndefined();
  });
});
