import { checkoutOwnedStores, stores } from '@storefront/bus';
import { EMPTY_CART, type CartAddition, type ShopperCart } from '@storefront/commerce/checkout';
import type { CartApi } from './cart-api';
import { bindCart } from './cart-binding';
import { CART_UNSETTLED_KEY } from './cart-keys';

const tb500: CartAddition = {
  productId: 'tb-500',
  name: 'TB-500',
  variant: '5mg',
  image: '/images/tb-500.svg',
  price: 6000,
  quantity: 1,
  channel: 'storefront',
};
const cartOf = (quantity: number): ShopperCart => ({
  ...EMPTY_CART,
  items: quantity ? [{ ...tb500, id: 'tb-500-5mg', quantity }] : [],
});
const quietTabs = { post: () => {}, onCart: () => {}, close: () => {} };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A checkout service whose every answer waits until the test gives it; each call is recorded. */
function heldService() {
  const calls: Array<{ what: string; additionId?: string; answer(cart: ShopperCart): void }> = [];
  const held = (what: string, additionId?: string) =>
    new Promise<ShopperCart>((resolve) => calls.push({ what, additionId, answer: resolve }));
  const api: CartApi = {
    read: () => held('read'),
    add: (_addition, _code, additionId) => held('add', additionId),
    setQuantity: () => held('set-quantity'),
    remove: () => held('remove'),
    clear: () => held('clear'),
    carryOver: () => held('carry-over'),
    claim: () => held('claim'),
    release: () => held('release'),
  };
  return { api, calls };
}

const keptCommands = () => JSON.parse(sessionStorage.getItem(CART_UNSETTLED_KEY) ?? 'null') as unknown;

describe("the cart binding's calls a page leaves unanswered", () => {
  let unbind: (() => void) | undefined;
  afterEach(() => {
    unbind?.();
    unbind = undefined;
    sessionStorage.clear();
    checkoutOwnedStores.cart.set({ ...EMPTY_CART, pricing: false });
  });

  it('keeps an addition that was sent until its answer is seen, then forgets it', async () => {
    const service = heldService();
    const id = 'a'.repeat(32);
    unbind = bindCart({
      // Rendered with the cart's lines: the next page will be too.
      initial: cartOf(2),
      api: service.api,
      session: sessionStorage,
      tabs: quietTabs,
      missed: [{ type: 'cart/add', payload: tb500, id }],
    });
    await tick();
    // Sent, unanswered: still kept, for a page that may have to send it again.
    expect(service.calls.map((call) => [call.what, call.additionId])).toEqual([['add', id]]);
    expect(keptCommands()).toEqual([{ type: 'cart/add', payload: tb500, id }]);
    expect(stores.cart.get().items).toMatchObject([{ productId: 'tb-500', quantity: 3 }]);

    service.calls[0]!.answer(cartOf(3));
    await tick();
    expect(keptCommands()).toBeNull();
  });

  it('after a first addition, leaves the next page a reason to read the cart, until a page is rendered with it', async () => {
    // A page rendered without lines: a reload may go before the answer's cart cookie comes back.
    const first = heldService();
    unbind = bindCart({
      initial: null,
      api: first.api,
      session: sessionStorage,
      tabs: quietTabs,
      missed: [{ type: 'cart/add', payload: tb500, id: 'c'.repeat(32) }],
    });
    await tick();
    first.calls[0]!.answer(cartOf(1));
    await tick();
    expect(keptCommands()).toEqual([]);
    unbind();

    // The next page, rendered without the cart (its request went first), reads it and still keeps the record.
    const second = heldService();
    unbind = bindCart({ initial: null, api: second.api, session: sessionStorage, tabs: quietTabs });
    await tick();
    expect(second.calls.map((call) => call.what)).toEqual(['read']);
    second.calls[0]!.answer(cartOf(1));
    await tick();
    expect(stores.cart.get().items).toMatchObject([{ productId: 'tb-500', quantity: 1 }]);
    expect(keptCommands()).toEqual([]);
    unbind();

    // A page rendered with the line reads it once more, and the record goes.
    const third = heldService();
    unbind = bindCart({ initial: cartOf(1), api: third.api, session: sessionStorage, tabs: quietTabs });
    await tick();
    third.calls[0]!.answer(cartOf(1));
    await tick();
    expect(keptCommands()).toBeNull();
  });

  it('leaves no record when the cart a page learns of has no lines (an empty panel opened)', async () => {
    const service = heldService();
    unbind = bindCart({
      initial: null,
      api: service.api,
      session: sessionStorage,
      tabs: quietTabs,
      missed: [{ type: 'cart/refresh', payload: {}, id: 'd'.repeat(32) }],
    });
    await tick();
    service.calls[0]!.answer(cartOf(0));
    await tick();
    expect(keptCommands()).toBeNull();
  });

  it('sends what the last page left unanswered again, with its id, after reading the cart', async () => {
    const id = 'b'.repeat(32);
    sessionStorage.setItem(CART_UNSETTLED_KEY, JSON.stringify([{ type: 'cart/add', payload: tb500, id }]));
    const service = heldService();
    unbind = bindCart({ initial: null, api: service.api, session: sessionStorage, tabs: quietTabs });
    await tick();
    // The read answers as a browser without the cart's cookie is answered: no cart.
    service.calls[0]!.answer(cartOf(0));
    await tick();
    expect(service.calls.map((call) => [call.what, call.additionId])).toEqual([
      ['read', undefined],
      ['add', id],
    ]);
    // Its answer is the cart the addition went into: that is what shows.
    service.calls[1]!.answer(cartOf(1));
    await tick();
    expect(stores.cart.get().items).toMatchObject([{ productId: 'tb-500', quantity: 1 }]);
    // Nothing is left to send; the page was rendered without the line, so the next one reads the cart.
    expect(keptCommands()).toEqual([]);
  });
});
