import { bus, stores, useStore } from '@storefront/bus';
import { Drawer, RemoteRegion } from '@storefront/ui';
import { useCallback } from 'react';

/**
 * The shell's frame for the cart panel: the drawer (focus trap, Escape, backdrop) is the shell's, its
 * content is the checkout module's `CartPanel`, loaded the first time the cart is opened. If that module
 * cannot load, the drawer says so and still closes. Above the content, a place for the page's toasts
 * (`notices`), so that while the panel is open they never cover its total or its way to checkout.
 */
export function CartPanelHost({ notices }: { notices: (element: HTMLDivElement | null) => void }) {
  const open = useStore(stores.cartPanelOpen);
  const close = useCallback(() => bus.publish('cart/close'), []);
  if (!open) return null;
  return (
    <Drawer label="Shopping cart" onClose={close}>
      <div ref={notices} />
      <RemoteRegion remote="checkout" exposed="CartPanel" label="cart" />
    </Drawer>
  );
}
