import { bus, stores, type CartState } from '@storefront/bus';
import { cartLineId, type CartAddition } from '@storefront/commerce/checkout';
import { filter, firstValueFrom, map, of, timeout } from 'rxjs';

/** How long an addition waits for the cart's binding (its code still loading on a slow phone). */
export const CART_BINDING_WAIT_MS = 15_000;

/**
 * Adds to the cart over the bus and resolves once the cart shows the addition. The cart binding wakes
 * at a visitor's first cart command and carries it out once its code has loaded: a page that moves on
 * at once (the dedicated checkout's Add to Cart, to the cart checkout) would otherwise find the cart
 * still empty there, and be sent home with 'Cart Empty'. Past the wait it resolves anyway.
 */
export function addToCartAndWait(addition: CartAddition, waitMs = CART_BINDING_WAIT_MS): Promise<void> {
  const id = cartLineId(addition.productId, addition.variant, addition.channel);
  const quantityOf = (cart: CartState) => cart.items.find((item) => item.id === id)?.quantity ?? 0;
  const before = quantityOf(stores.cart.get());
  if (!bus.publish('cart/add', addition)) return Promise.resolve();
  return firstValueFrom(
    stores.cart.state$.pipe(
      filter((cart) => quantityOf(cart) > before),
      map(() => undefined),
      timeout({ first: waitMs, with: () => of(undefined) }),
    ),
  );
}
