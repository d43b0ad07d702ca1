import {
  addToCart,
  bus,
  cartAdditionSchema,
  removeFromCart,
  setCartQuantity,
  shellOwnedStores,
  type CartState,
} from '@storefront/bus';
import * as z from '@storefront/schema';

/**
 * The shell keeps the cart: it carries out the cart's commands whichever module publishes them, persists
 * it so a reload keeps it, and keeps browser tabs in step.
 */
export const CART_KEY = 'cart';

const storedCartSchema = z.object({
  items: z.array(z.extend(cartAdditionSchema, { id: z.string().check(z.minLength(1)) })),
});

function readCart(storage: Storage): CartState {
  try {
    const raw = storage.getItem(CART_KEY);
    if (raw === null) return { items: [] };
    const parsed = storedCartSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // unreadable JSON or blocked storage: fall through
  }
  // A cart that fails to parse is removed rather than trusted (as with the affiliate keys).
  try {
    storage.removeItem(CART_KEY);
  } catch {
    // storage blocked: the cart lives for this page only
  }
  return { items: [] };
}

const { cart: cartStore } = shellOwnedStores;

/** Loads the saved cart, carries out the cart commands of the bus, saves every change, follows other tabs. */
export function bindCart(storage: Storage = window.localStorage, events: Window = window): () => void {
  cartStore.set(readCart(storage));
  const commands = [
    bus.on('cart/add').subscribe((addition) => cartStore.update((cart) => addToCart(cart, addition))),
    bus
      .on('cart/set-quantity')
      .subscribe(({ lineId, quantity }) =>
        cartStore.update((cart) => setCartQuantity(cart, lineId, quantity)),
      ),
    bus.on('cart/remove').subscribe(({ lineId }) => cartStore.update((cart) => removeFromCart(cart, lineId))),
    bus.on('cart/clear').subscribe(() => cartStore.set({ items: [] })),
  ];
  const saving = cartStore.state$.subscribe((cart) => {
    try {
      storage.setItem(CART_KEY, JSON.stringify(cart));
    } catch {
      // storage full or blocked: the cart still works for this page
    }
  });
  const followOtherTabs = (event: StorageEvent) => {
    if (event.key === CART_KEY) cartStore.set(readCart(storage));
  };
  events.addEventListener('storage', followOtherTabs);
  return () => {
    commands.forEach((subscription) => subscription.unsubscribe());
    saving.unsubscribe();
    events.removeEventListener('storage', followOtherTabs);
  };
}
