import { addToCart, bus, cartAdditionSchema, stores, type CartState } from '@storefront/bus';
import * as z from '@storefront/schema';

/** The shell owns the cart: it persists it so a reload keeps it, and keeps browser tabs in step. */
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

/** Loads the saved cart, adds what modules publish on the bus, saves every change, follows other tabs. */
export function bindCart(storage: Storage = window.localStorage, events: Window = window): () => void {
  stores.cart.set(readCart(storage));
  const additions = bus
    .on('cart/add')
    .subscribe((addition) => stores.cart.update((cart) => addToCart(cart, addition)));
  const saving = stores.cart.state$.subscribe((cart) => {
    try {
      storage.setItem(CART_KEY, JSON.stringify(cart));
    } catch {
      // storage full or blocked: the cart still works for this page
    }
  });
  const followOtherTabs = (event: StorageEvent) => {
    if (event.key === CART_KEY) stores.cart.set(readCart(storage));
  };
  events.addEventListener('storage', followOtherTabs);
  return () => {
    additions.unsubscribe();
    saving.unsubscribe();
    events.removeEventListener('storage', followOtherTabs);
  };
}
