import { bus, stores } from '@storefront/bus';

/** The cart panel opens on cart/open and whenever something is added (spec section 4); cart/close closes it. */
export function bindCartPanel(): () => void {
  const subscriptions = [
    bus.on('cart/open').subscribe(() => stores.cartPanelOpen.set(true)),
    bus.on('cart/add').subscribe(() => stores.cartPanelOpen.set(true)),
    bus.on('cart/close').subscribe(() => stores.cartPanelOpen.set(false)),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
