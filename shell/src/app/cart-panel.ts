import { bus, stores } from '@storefront/bus';
import { merge } from 'rxjs';
import { map } from 'rxjs/operators';

/** The cart panel opens on cart/open and whenever something is added (spec section 4); cart/close closes it. */
export function bindCartPanel(): () => void {
  const subscription = merge(
    bus.on('cart/open').pipe(map(() => true)),
    bus.on('cart/add').pipe(map(() => true)),
    bus.on('cart/close').pipe(map(() => false)),
  ).subscribe((open) => stores.cartPanelOpen.set(open));
  return () => subscription.unsubscribe();
}
