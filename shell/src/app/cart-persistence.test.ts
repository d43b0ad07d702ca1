import { bus, cartItemCount, stores, shellOwnedStores } from '@storefront/bus';
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
    shellOwnedStores.cart.set({ items: [] });
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

  it('carries out the cart commands any module publishes: set a quantity, remove a line, clear', () => {
    unbind = bindCart(localStorage);
    bus.publish('cart/add', addition);
    bus.publish('cart/add', { ...addition, productId: 'tb-500', name: 'TB-500', variant: '5mg' });
    bus.publish('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 7 });
    expect(stores.cart.get().items.map((item) => [item.id, item.quantity])).toEqual([
      ['bpc-157-10mg', 7],
      ['tb-500-5mg', 2],
    ]);
    bus.publish('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 0 });
    expect(stores.cart.get().items.map((item) => item.id)).toEqual(['tb-500-5mg']);
    bus.publish('cart/add', addition);
    bus.publish('cart/remove', { lineId: 'tb-500-5mg' });
    expect(stores.cart.get().items.map((item) => item.id)).toEqual(['bpc-157-10mg']);
    bus.publish('cart/clear');
    expect(stores.cart.get()).toEqual({ items: [] });
    expect(localStorage.getItem(CART_KEY)).toBe('{"items":[]}');
  });

  it('refuses a malformed cart command and leaves the cart as it was', () => {
    unbind = bindCart(localStorage);
    bus.publish('cart/add', addition);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(bus.publish('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: -1 })).toBe(false);
    expect(bus.publish('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 1.5 })).toBe(false);
    expect(bus.publish('cart/remove', { lineId: '' })).toBe(false);
    jest.restoreAllMocks();
    expect(cartItemCount(stores.cart.get())).toBe(2);
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
