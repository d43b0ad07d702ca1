import { bus, CART_PANEL_PARAMETER, shellOwnedStores } from '@storefront/bus';
import { withParameter } from '@storefront/routing';
import { afterNextPaint } from './after-paint';

const { cartPanelOpen } = shellOwnedStores;

/**
 * The cart panel opens on cart/open and whenever something is added (spec section 4), once the tap's
 * own feedback has been painted; cart/close closes it, and takes ?cart=open (how a page without
 * scripts shows it) out of the address, so a reload does not open it again.
 */
export function bindCartPanel(open: boolean): () => void {
  cartPanelOpen.set(open);
  // The panel belongs to the page it was opened on: an add that goes on to another page at once (the
  // dedicated checkout's Add to Cart goes to /cart-checkout) opens no panel there.
  const openPanel = () => {
    const page = window.location.pathname;
    afterNextPaint(() => {
      if (window.location.pathname === page) cartPanelOpen.set(true);
    });
  };
  const subscriptions = [
    bus.on('cart/open').subscribe(openPanel),
    bus.on('cart/add').subscribe(openPanel),
    bus.on('cart/close').subscribe(() => {
      cartPanelOpen.set(false);
      const { pathname, search, hash } = window.location;
      const without = withParameter(search, CART_PANEL_PARAMETER, null);
      if (without !== search)
        window.history.replaceState(window.history.state, '', `${pathname}${without}${hash}`);
    }),
  ];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
