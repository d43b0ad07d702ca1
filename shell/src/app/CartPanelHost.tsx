import { bus, CART_PANEL_PARAMETER, stores, useStore } from '@storefront/bus';
import { useLocation, withParameter } from '@storefront/routing';
import { Drawer, RemoteRegion } from '@storefront/ui';
import { useCallback } from 'react';

/**
 * The shell's frame for the cart panel: the drawer (focus trap, Escape, backdrop) is the shell's, its
 * content the fragment a live module fills the `cart-panel` slot with (`filler`), loaded the first time
 * the cart is opened (rendered by the server when the address asks for it, ?cart=open). If that module
 * cannot load, the drawer says so and still closes. Above the content, a place for the page's toasts
 * (`notices`), so that while the panel is open they never cover its total or its way to checkout.
 */
export function CartPanelHost({
  filler,
  notices,
}: {
  filler: { remote: string; exposed: string };
  notices: (element: HTMLDivElement | null) => void;
}) {
  const open = useStore(stores.cartPanelOpen);
  const { pathname, search } = useLocation();
  const close = useCallback(() => bus.publish('cart/close'), []);
  if (!open) return null;
  return (
    <Drawer
      label="Shopping cart"
      onClose={close}
      closeHref={`${pathname}${withParameter(search, CART_PANEL_PARAMETER, null)}`}
    >
      <div ref={notices} />
      <RemoteRegion remote={filler.remote} exposed={filler.exposed} label="cart" />
    </Drawer>
  );
}
