import { bus, shellOwnedStores } from '@storefront/bus';

const { cartPanelOpen } = shellOwnedStores;

/** The cart panel opens on cart/open and whenever something is added (spec section 4); cart/close closes it. */
export function bindCartPanel(): () => void {
  const subscriptions = [
    bus.on('cart/open').subscribe(() => cartPanelOpen.set(true)),
    bus.on('cart/add').subscribe(() => cartPanelOpen.set(true)),
    bus.on('cart/close').subscribe(() => cartPanelOpen.set(false)),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
