import { cartLineId, EMPTY_CART, type CartAddition } from '@storefront/commerce/checkout';
import { addToCart, removeFromCart, setCartQuantity } from './cart';
import { cartItemCount, type CartState } from './state';

const bpc: CartAddition = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '/bpc.svg',
  price: 8500,
  quantity: 1,
  channel: 'storefront',
};
const empty: CartState = { ...EMPTY_CART, pricing: false };

describe('the cart shown while the checkout service carries a change out', () => {
  it("forms line ids as '{productId}-{dose}', naming any price list other than the storefront's", () => {
    expect(cartLineId('bpc-157', '10mg')).toBe('bpc-157-10mg');
    expect(cartLineId('bpc-157', '10mg', 'catalogue')).toBe('bpc-157-10mg-catalogue');
    expect(addToCart(empty, bpc).items[0]!.id).toBe('bpc-157-10mg');
  });

  it('merges the same product, dose and price list, counts the sum of quantities, and awaits its price', () => {
    const cart = addToCart(addToCart(empty, bpc), { ...bpc, quantity: 2 });
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(3);
    expect(cart.pricing).toBe(true);
    const more = addToCart(cart, { ...bpc, productId: 'tb-500', name: 'TB-500', variant: '5mg' });
    expect(more.items.map((i) => i.id)).toEqual(['bpc-157-10mg', 'tb-500-5mg']);
    expect(cartItemCount(more)).toBe(4);
  });

  it('keeps another dose, and another price list, on lines of their own', () => {
    const cart = addToCart(addToCart(addToCart(empty, bpc), { ...bpc, variant: '20mg' }), {
      ...bpc,
      channel: 'catalogue',
      price: 7999,
    });
    expect(cart.items.map((i) => i.id)).toEqual(['bpc-157-10mg', 'bpc-157-20mg', 'bpc-157-10mg-catalogue']);
  });

  it('never goes negative, removes at 0, and has no upper limit', () => {
    const cart = addToCart(empty, bpc);
    expect(setCartQuantity(cart, 'bpc-157-10mg', -3).items).toEqual([]);
    expect(setCartQuantity(cart, 'bpc-157-10mg', 0).items).toEqual([]);
    expect(setCartQuantity(cart, 'bpc-157-10mg', 5000).items[0]!.quantity).toBe(5000);
  });

  it('removes a line', () => {
    const cart = addToCart(addToCart(empty, bpc), { ...bpc, variant: '20mg' });
    expect(removeFromCart(cart, 'bpc-157-10mg').items.map((i) => i.id)).toEqual(['bpc-157-20mg']);
  });

  it('leaves the state it was given untouched', () => {
    const cart = addToCart(empty, bpc);
    const frozen = JSON.stringify(cart);
    addToCart(cart, bpc);
    setCartQuantity(cart, 'bpc-157-10mg', 9);
    expect(JSON.stringify(cart)).toBe(frozen);
  });
});
