import {
  addToCart,
  browserStorage,
  bus,
  busEventSchemas,
  checkoutOwnedStores,
  commandId,
  keptCommandsSchema,
  persistedValue,
  removeFromCart,
  setCartQuantity,
  stores,
  type BusEventPayload,
  type CartState,
  type MissedEvent,
  type ModuleBinding,
} from '@storefront/bus';
import {
  cartImportSchema,
  EMPTY_CART,
  shopperCartSchema,
  type ShopperCart,
} from '@storefront/commerce/checkout';
import { concatMap, distinctUntilChanged, from, map, pairwise, skip, startWith, Subject } from 'rxjs';
import { cartApi, type CartApi } from './cart-api';
import { CART_COMMANDS, CART_UNSETTLED_KEY, LEGACY_CART_KEY, type CartCommand } from './cart-keys';

/** The account whose cart this browser was last handed, so it is claimed once, not on every page. */
export const CART_OWNER_KEY = 'cart-owner';
/** How tabs of this browser tell each other of their cart's changes. */
export const CART_CHANNEL = 'storefront-cart';

const UNSAVED = 'Your cart could not be updated right now. Please try again shortly.';

/** The tabs of this browser, as a channel (BroadcastChannel where the browser has one). */
export interface Tabs {
  post(cart: ShopperCart): void;
  onCart(follow: (cart: ShopperCart) => void): void;
  close(): void;
}

export function browserTabs(): Tabs {
  if (typeof BroadcastChannel === 'undefined') return { post: () => {}, onCart: () => {}, close: () => {} };
  const channel = new BroadcastChannel(CART_CHANNEL);
  return {
    post: (cart) => channel.postMessage(cart),
    onCart: (follow) => {
      channel.onmessage = (event: MessageEvent) => {
        const cart = shopperCartSchema.safeParse(event.data);
        if (cart.success) follow(cart.data);
      };
    },
    close: () => channel.close(),
  };
}

/** A cart this browser kept itself, if any, taken out of storage (it is carried over once). */
function takeLegacyCart(storage: Storage) {
  const legacy = persistedValue(storage, LEGACY_CART_KEY, cartImportSchema);
  const items = legacy.read()?.items ?? [];
  legacy.write(null);
  return items;
}

export interface CartBindingOptions {
  /** The cart the page was rendered with (its state), if the server knew one. */
  initial: ShopperCart | null;
  api: CartApi;
  /** The cart's commands published before the binding woke, carried out first, in order. */
  missed?: readonly MissedEvent[];
  storage?: Storage;
  /** This tab's storage, where what a page left unsettled waits for the tab's next page. */
  session?: Storage;
  tabs?: Tabs;
}

/**
 * The checkout module carries out the cart's commands, whichever module publishes them, with its
 * service, which keeps the cart: each shows at once and is sent in order; the service's answer (the
 * whole cart, priced) then replaces what was shown. A page left before its calls were answered leaves
 * them to the tab's next page, which reads the cart again and sends what had yet to be sent. The cart
 * is priced again when the applied affiliate code changes, a signed-in shopper is handed their cart
 * once (and leaves it with their account on signing out), a cart this browser kept itself is carried
 * over, and other tabs follow.
 */
export function bindCart({
  initial,
  api,
  missed = [],
  storage = browserStorage('localStorage'),
  session = browserStorage('sessionStorage'),
  tabs = browserTabs(),
}: CartBindingOptions): () => void {
  const { cart } = checkoutOwnedStores;
  cart.set({ ...(initial ?? EMPTY_CART), pricing: false });
  // Blocked storage: the cart is claimed again on the next page, which does no harm.
  const cartOwner = persistedValue(storage, CART_OWNER_KEY);
  const code = () => {
    const affiliate = stores.affiliate.get();
    return affiliate.status === 'applied' ? affiliate.code : undefined;
  };

  // Kept while any call is unanswered: the commands among them whose answers this page has not seen,
  // sent or not. A page left before an answer came back may have left before the cart's cookie did,
  // too: the tab's next page sends them (again), and the service makes each once (an addition by its
  // id, which also names the cart it went into; a quantity set or a line removed twice is so once).
  const unsettled = persistedValue(session, CART_UNSETTLED_KEY, keptCommandsSchema);
  const leftUnsettled = unsettled.read();
  const unanswered: MissedEvent[] = [];
  let waiting = 0;
  // A page rendered without lines that learns of some (a first addition) cannot tell whether the tab's
  // next page will be rendered with them: a reload sent before the answer's cart cookie came back is
  // rendered without it. Until a page is rendered with lines, an empty record is left, by which the next
  // page wakes this binding and reads the cart.
  const renderedWithLines = (initial?.items.length ?? 0) > 0;
  let aheadOfRender = false;
  const keepUnsettled = () => unsettled.write(waiting > 0 ? unanswered : aheadOfRender ? [] : null);

  const calls = new Subject<{ call: () => Promise<ShopperCart>; command?: MissedEvent }>();
  const send = ({ call, shown }: CartCall, command?: MissedEvent) => {
    if (shown) cart.update(shown);
    waiting++;
    if (command) unanswered.push(command);
    keepUnsettled();
    calls.next({ call, command });
  };
  /** The service's answer, or (when a call failed) the cart as the service has it, or why neither. */
  const settle = async (call: () => Promise<ShopperCart>): Promise<ShopperCart> => {
    try {
      return await call();
    } catch {
      return api.read(code()).catch(() => ({ ...cart.get(), problem: UNSAVED }));
    }
  };
  const answers = calls
    .pipe(concatMap(({ call, command }) => from(settle(call).then((answer) => ({ answer, command })))))
    .subscribe(({ answer, command }) => {
      if (command) unanswered.splice(unanswered.indexOf(command), 1);
      waiting--;
      aheadOfRender = !renderedWithLines && answer.items.length > 0;
      keepUnsettled();
      // A later command is on its way: what it showed stays, and its answer will tell how the cart stands.
      if (waiting > 0) return;
      cart.set({ ...answer, pricing: false });
      tabs.post(answer);
    });

  const commands: { [K in CartCommand]: (payload: BusEventPayload<K>, id: string) => CartCall } = {
    'cart/add': (addition, additionId) => ({
      call: () => api.add(addition, code(), additionId),
      shown: (current) => addToCart(current, addition),
    }),
    'cart/set-quantity': ({ lineId, quantity }) => ({
      call: () => api.setQuantity(lineId, quantity, code()),
      shown: (current) => setCartQuantity(current, lineId, quantity),
    }),
    'cart/remove': ({ lineId }) => ({
      call: () => api.remove(lineId, code()),
      shown: (current) => removeFromCart(current, lineId),
    }),
    'cart/clear': () => ({ call: () => api.clear(), shown: () => ({ ...EMPTY_CART, pricing: true }) }),
    'cart/refresh': () => ({ call: () => api.read(code()) }),
  };
  const carryOut = <K extends CartCommand>(type: K, payload: BusEventPayload<K>, id = commandId()) =>
    send(commands[type](payload, id), { type, payload, id });
  /** Commands kept for this binding (the shell's, or the last page's), each checked as a bus event is. */
  const carryOutKept = (kept: readonly MissedEvent[]) => {
    for (const { type, payload, id } of kept) {
      const parsed = isCartCommand(type) ? busEventSchemas[type].safeParse(payload) : null;
      if (parsed?.success) carryOut(type as CartCommand, parsed.data as never, id);
    }
  };

  const subscriptions = [
    answers,
    ...CART_COMMANDS.map((type) => bus.on(type).subscribe((payload) => carryOut(type, payload))),
    // A code applied or removed changes every figure.
    stores.affiliate.state$
      .pipe(map(code), distinctUntilChanged(), skip(1))
      .subscribe(() => send({ call: () => api.read(code()) })),
    // Signing in hands the shopper their cart here (once per account); signing out leaves it with them.
    stores.auth.state$
      .pipe(
        map((auth) => (auth.loading ? undefined : (auth.user?.id ?? null))),
        startWith(undefined),
        distinctUntilChanged(),
        pairwise(),
      )
      .subscribe(([before, now]) => {
        const token = stores.auth.get().accessToken;
        if (now && token && cartOwner.read() !== now) {
          // Recorded once the service has handed it over: a claim that failed is made again next page.
          send({
            call: async () => {
              const handedOver = await api.claim(token, code());
              cartOwner.write(now);
              return handedOver;
            },
          });
        } else if (now === null && before) {
          cartOwner.write(null);
          send({ call: () => api.release(), shown: () => ({ ...EMPTY_CART, pricing: true }) });
        }
      }),
  ];
  // The last page's calls may have been answered after this page was rendered, or not at all: the cart
  // is read again, and the commands whose answers that page never saw are sent (again) now.
  if (leftUnsettled) {
    send({ call: () => api.read(code()) });
    carryOutKept(leftUnsettled);
  }
  carryOutKept(missed);
  const legacy = takeLegacyCart(storage);
  if (legacy.length) send({ call: () => api.carryOver(legacy, code()) });
  tabs.onCart((answer) => cart.set({ ...answer, pricing: waiting > 0 }));

  return () => {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    tabs.close();
  };
}

/** A call to the checkout service's cart, and how the cart shows meanwhile (for a change). */
interface CartCall {
  call: () => Promise<ShopperCart>;
  shown?: (current: CartState) => CartState;
}

const isCartCommand = (type: string): type is CartCommand =>
  (CART_COMMANDS as readonly string[]).includes(type);

/**
 * The checkout module's cart binding, woken by the shell (see the manifest): from the cart the page was
 * rendered with, carrying out the commands published before it woke first.
 */
const startCart: ModuleBinding = ({ seeds, missed }) => {
  const seeded = shopperCartSchema.safeParse(seeds.cart);
  bindCart({ initial: seeded.success ? seeded.data : null, api: cartApi, missed });
};

export default startCart;
