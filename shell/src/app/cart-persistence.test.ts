import { bus, cartItemCount, stores } from '@storefront/bus';
import { bindCart, CART_KEY } from './cart-persistence';

const addition = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '/bpc.svg',
  price: 8500,
  quantity: 2,
  channel: 'storefront',
};

describe('cart persistence', () => {
  let unbind: () => void;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    unbind();
    stores.cart.set({ items: [] });
  });

  it('adds what modules publish, and saves it', () => {
    unbind = bindCart(localStorage);
    bus.publish('cart/add', addition);
    bus.publish('cart/add', { ...addition, quantity: 1 });
    expect(cartItemCount(stores.cart.get())).toBe(3);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!).items).toEqual([
      { id: 'bpc-157-10mg', ...addition, quantity: 3 },
    ]);
  });

  it('restores a saved cart at start', () => {
    localStorage.setItem(CART_KEY, JSON.stringify({ items: [{ id: 'bpc-157-10mg', ...addition }] }));
    unbind = bindCart(localStorage);
    expect(cartItemCount(stores.cart.get())).toBe(2);
  });

  it.each(['{not json', '{"items": [{"id": "x", "price": -1}]}', '"a string"', '{"items": "none"}'])(
    'drops a saved cart that fails to parse (%s)',
    (saved) => {
      localStorage.setItem(CART_KEY, saved);
      unbind = bindCart(localStorage);
      expect(stores.cart.get()).toEqual({ items: [] });
      expect(localStorage.getItem(CART_KEY)).toBe('{"items":[]}');
    },
  );

  it('keeps the cart intact when a malformed addition is published', () => {
    unbind = bindCart(localStorage);
    bus.publish('cart/add', addition);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(bus.publish('cart/add', { ...addition, quantity: -4 })).toBe(false);
    expect(bus.publish('cart/add', { ...addition, price: 'free' } as never)).toBe(false);
    expect(cartItemCount(stores.cart.get())).toBe(2);
    jest.restoreAllMocks();
  });

  it('follows a change made in another tab', () => {
    unbind = bindCart(localStorage);
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({
        items: [{ id: 'tb-500-5mg', ...addition, productId: 'tb-500', variant: '5mg', quantity: 7 }],
      }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    expect(cartItemCount(stores.cart.get())).toBe(7);
  });
});
