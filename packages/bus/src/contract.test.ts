import { busEventSchemas, type BusEventType } from './events';
import {
  accountOwnedStores,
  checkoutOwnedStores,
  isStoreName,
  seedStores,
  shellOwnedStores,
  stores,
} from './storefront';

/** Whether the bus contract takes `payload` for `type`, and what a subscriber would receive. */
const read = (type: BusEventType, payload: unknown) => busEventSchemas[type].safeParse(payload);
const takes = (type: BusEventType, payload: unknown) => read(type, payload).success;

describe('the bus contract', () => {
  it('takes a toast with a title, filling in the default variant; a topic is at most 60 characters', () => {
    expect(read('toast/show', { title: 'Applied' }).data).toEqual({ title: 'Applied', variant: 'default' });
    expect(takes('toast/show', { title: '' })).toBe(false);
    expect(takes('toast/show', { title: 'Applied', variant: 'loud' })).toBe(false);
    expect(takes('toast/show', { title: 'Applied', topic: 'a'.repeat(60) })).toBe(true);
    expect(takes('toast/show', { title: 'Applied', topic: 'a'.repeat(61) })).toBe(false);
    expect(takes('toast/show', { title: 'Applied', topic: '' })).toBe(false);
  });

  it('takes a quantity of 0 or more for a named cart line (spec section 5), never a negative or a fraction', () => {
    expect(takes('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 0 })).toBe(true);
    expect(takes('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 250 })).toBe(true);
    expect(takes('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: -1 })).toBe(false);
    expect(takes('cart/set-quantity', { lineId: 'bpc-157-10mg', quantity: 1.5 })).toBe(false);
    expect(takes('cart/set-quantity', { lineId: '', quantity: 1 })).toBe(false);
    expect(takes('cart/remove', { lineId: 'x'.repeat(200) })).toBe(true);
    expect(takes('cart/remove', { lineId: 'x'.repeat(201) })).toBe(false);
  });

  it('takes the commands without a payload only empty', () => {
    for (const type of ['cart/clear', 'cart/refresh', 'cart/open', 'cart/close', 'age/verified'] as const) {
      expect(takes(type, {})).toBe(true);
      expect(takes(type, { extra: true })).toBe(false);
    }
  });

  it("takes an affiliate code from where it came, the cart panel's by default", () => {
    expect(read('affiliate/apply', { code: 'RESEARCH10' }).data).toEqual({
      code: 'RESEARCH10',
      source: 'cart-panel',
    });
    for (const source of ['cart-panel', 'checkout', 'link', 'referral'])
      expect(takes('affiliate/apply', { code: 'RESEARCH10', source })).toBe(true);
    expect(takes('affiliate/apply', { code: 'RESEARCH10', source: 'email' })).toBe(false);
  });

  it('names the account a session began for', () => {
    expect(takes('auth/signed-in', { userId: 'a1' })).toBe(true);
    expect(takes('auth/signed-in', { userId: '' })).toBe(false);
  });
});

describe("the page's stores", () => {
  it('start as a visitor nobody knows yet: no search, not verified, an empty unpriced cart, no code, a session loading', () => {
    expect(stores.searchQuery.get()).toBe('');
    expect(stores.ageVerified.get()).toBe(false);
    expect(stores.runtimeConfig.get()).toBeNull();
    expect(stores.cart.get()).toMatchObject({ items: [], pricing: false });
    expect(stores.cartPanelOpen.get()).toBe(false);
    expect(stores.affiliate.get()).toEqual({ status: 'none' });
    expect(stores.auth.get()).toEqual({ loading: true, user: null });
  });

  it('are each written by one owner', () => {
    expect(Object.keys(shellOwnedStores).sort()).toEqual(
      ['ageVerified', 'cartPanelOpen', 'runtimeConfig', 'searchQuery'].sort(),
    );
    expect(Object.keys(checkoutOwnedStores).sort()).toEqual(['affiliate', 'cart']);
    expect(Object.keys(accountOwnedStores)).toEqual(['auth']);
    const owned = [shellOwnedStores, checkoutOwnedStores, accountOwnedStores].flatMap(Object.keys);
    expect(owned.sort()).toEqual(Object.keys(stores).sort());
  });

  it("are seeded with a sleeping module's declared values, ignoring names that are no store", () => {
    expect(isStoreName('auth')).toBe(true);
    expect(isStoreName('toString')).toBe(false);
    seedStores({ auth: { loading: false, user: null }, toString: 'ignored', nothing: 1 });
    expect(stores.auth.get()).toEqual({ loading: false, user: null });
    expect(stores.cart.get().items).toEqual([]);
  });

  it('render on the server with their first values, but the runtime configuration as it is set', () => {
    const config = { siteUrl: 'http://shop.test' } as never;
    shellOwnedStores.runtimeConfig.set(config);
    shellOwnedStores.searchQuery.set('bpc');
    expect(stores.runtimeConfig.serverValue()).toBe(config);
    expect(stores.searchQuery.serverValue()).toBe('');
  });
});
