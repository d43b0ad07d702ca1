import { bus, CART_PANEL_PARAMETER, stores, useStore, type ToastMessage } from '@storefront/bus';
import { useLocation, withParameter } from '@storefront/routing';
import { Drawer, PanelToastRegion, RemoteRegion, Toast, useHydrated } from '@storefront/ui';
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
  first = null,
}: {
  filler: { remote: string; exposed: string };
  notices: (element: HTMLDivElement | null) => void;
  /** The toast a form the server completed left for this page, shown here until the page has hydrated. */
  first?: ToastMessage | null;
}) {
  const hydrated = useHydrated();
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
      <div ref={notices}>
        {first && !hydrated && (
          <PanelToastRegion aria-live="polite" aria-label="Notifications">
            <Toast title={first.title} description={first.description} variant={first.variant} />
          </PanelToastRegion>
        )}
      </div>
      <RemoteRegion remote={filler.remote} exposed={filler.exposed} label="cart" />
    </Drawer>
  );
}
