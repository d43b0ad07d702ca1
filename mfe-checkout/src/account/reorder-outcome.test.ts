import { reorderMessage } from './reorder-outcome';

const semax = { name: 'SEMAX', dose: '10mg', was: 8900 };

describe("what 'Order again' tells the shopper", () => {
  it('says the lines went in unchanged when nothing changed', () => {
    expect(reorderMessage({ added: 2, changes: [] })).toEqual({
      title: 'Order added to your cart',
      description: "At today's prices, which have not changed since this order.",
      tone: 'success',
    });
  });

  it('names each new price and each dose no longer sold', () => {
    expect(
      reorderMessage({
        added: 1,
        changes: [
          { ...semax, now: 9500 },
          { name: 'BPC-157', dose: '999mg', was: 100, now: null },
        ],
      }),
    ).toEqual({
      title: 'Order added to your cart',
      description: 'SEMAX 10mg is now $95.00 (was $89.00). BPC-157 999mg is no longer sold and was left out.',
      tone: 'info',
    });
  });

  it('says nothing was added when nothing of the order is sold now', () => {
    expect(reorderMessage({ added: 0, changes: [{ ...semax, now: null }] })).toEqual({
      title: 'Nothing to add',
      description: 'SEMAX 10mg is no longer sold and was left out. Nothing of this order is sold now.',
      tone: 'error',
    });
  });
});
