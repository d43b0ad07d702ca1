import { checkoutOwnedStores, stores } from '@storefront/bus';
import { EMPTY_CART, type CartAddition, type ShopperCart } from '@storefront/commerce/checkout';
import { addToCartAndWait } from './add-and-wait';
import { bindCart } from './cart-binding';
import type { CartApi } from './cart-api';

// What is under test is the wait for the binding; the checkout service's answers (exercised for real by
// the browser tests) never come here, so the cart shows what the binding showed at once.
const unanswered = new Promise<ShopperCart>(() => {});
const quietService: CartApi = {
  read: () => unanswered,
  add: () => unanswered,
  setQuantity: () => unanswered,
  remove: () => unanswered,
  clear: () => unanswered,
  carryOver: () => unanswered,
  claim: () => unanswered,
  release: () => unanswered,
};
const quietTabs = { post: () => {}, onCart: () => {}, close: () => {} };

const bpc157: CartAddition = {
  productId: 'bpc-157',
  name: 'BPC-157',
  variant: '10mg',
  image: '/images/bpc-157.svg',
  price: 89,
  quantity: 2,
  channel: 'storefront',
};

const settled = <T>(promise: Promise<T>) => {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('adding to the cart before moving on', () => {
  let unbind: (() => void) | undefined;
  afterEach(() => {
    unbind?.();
    unbind = undefined;
    // What a binding left unanswered waits in the tab for the next page's: none of these tests' own.
    sessionStorage.clear();
    checkoutOwnedStores.cart.set({ ...EMPTY_CART, pricing: false });
  });

  it('waits while the cart binding is still loading, and goes on once it has carried the addition out', async () => {
    const added = settled(addToCartAndWait(bpc157));
    await tick();
    expect(added.done).toBe(false);
    expect(stores.cart.get().items).toHaveLength(0);

    // The binding wakes, handed the command published while it loaded (as the shell does).
    unbind = bindCart({
      initial: null,
      api: quietService,
      missed: [{ type: 'cart/add', payload: bpc157 }],
      storage: localStorage,
      tabs: quietTabs,
    });
    await tick();
    expect(added.done).toBe(true);
    expect(stores.cart.get().items).toMatchObject([{ productId: 'bpc-157', quantity: 2 }]);
  });

  it('goes on at once where the binding is awake, even for a line the cart already held', async () => {
    unbind = bindCart({ initial: null, api: quietService, storage: localStorage, tabs: quietTabs });
    await addToCartAndWait(bpc157);
    const again = settled(addToCartAndWait(bpc157));
    await tick();
    expect(again.done).toBe(true);
    expect(stores.cart.get().items).toMatchObject([{ productId: 'bpc-157', quantity: 4 }]);
  });

  it('goes on after the wait when no binding ever takes the addition', async () => {
    const added = settled(addToCartAndWait(bpc157, 30));
    await tick();
    expect(added.done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(added.done).toBe(true);
  });
});
