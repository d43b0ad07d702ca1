import { bindingTable, type PublicRegistry } from '@storefront/artifact-store/registry';
import {
  browserStorage,
  bus,
  commandId,
  keptCommandsSchema,
  persistedValue,
  seedStores,
  type BindingHandle,
  type BusEventType,
  type MissedEvent,
  type ModuleBinding,
  type RuntimeConfig,
} from '@storefront/bus';
import { merge, map } from 'rxjs';
import { afterNextPaint } from './after-paint';

type Location = { pathname: string; search: string };

/** What the page tells the bindings about itself as it starts. */
export interface BindingPage {
  registry: PublicRegistry;
  config: RuntimeConfig;
  /** The modules' values for their stores, rendered into the page. */
  seeds: Readonly<Record<string, unknown>>;
  /** Bindings the server woke (a cookie of theirs the page's scripts cannot read): `module/exposed`. */
  wokenByServer: readonly string[];
  loadBinding(remote: string, exposed: string): Promise<{ default: ModuleBinding }>;
  storage?: Storage;
  /** This tab's storage, where commands a binding has yet to be handed are kept across its pages. */
  session?: Storage;
  cookies?: string;
  location?: Location & { hash: string };
}

/**
 * The commands published for a binding whose code has yet to arrive, kept in the tab: a shopper who
 * reloads or follows a link the moment after adding to the cart would otherwise lose the addition with
 * the page. The next page hands them to the binding (waking it at once), and the key is emptied then.
 * Each is kept with its id (commandId): a tab duplicated meanwhile hands its binding the same commands
 * with the same ids, by which the binding has each carried out once.
 */
const keptMissed = (session: Storage, remote: string, exposed: string) =>
  persistedValue(session, `storefront-missed:${remote}/${exposed}`, keptCommandsSchema);

/** Whether `storage` holds `key` (blocked storage holds nothing). */
const storageHolds = (storage: Storage, key: string) => persistedValue(storage, key).present();

const cookieNames = (cookies: string) =>
  new Set(cookies.split(';').map((cookie) => cookie.split('=', 1)[0]!.trim()));

const paramsHold = (query: string, names: readonly string[] = []) => {
  const params = new URLSearchParams(query);
  return names.some((name) => Boolean(params.get(name)?.trim()));
};

/**
 * A sleeping binding's stores the page was not rendered with (those it was are seeded already): what
 * its module declared for them while it sleeps.
 */
function asleepValues(asleep: Readonly<Record<string, unknown>>, seeds: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(Object.entries(asleep).filter(([store]) => !Object.hasOwn(seeds, store)));
}

/**
 * Wakes the live modules' bindings (their manifests' `bindings`) when their triggers are met, and only
 * then: at start for a cookie, a key of the browser's or the tab's storage or a fragment parameter the
 * page holds (or a cookie the server saw), for the first address carrying one of their query
 * parameters, or for the first bus command they carry out (handed the ones published while they loaded,
 * on this page or, should the shopper have left it first, on the tab's next one; fetched once the tap's
 * own feedback has been painted). Every store starts at the value the page was rendered with, where the
 * server knew one; a binding asleep leaves the others at those its module declared for that. A visitor
 * who never signed in or added to a cart downloads neither module's code. Returns what each address the
 * shopper arrives at is told to.
 */
export function wakeBindings(page: BindingPage): (location: Location) => void {
  const storage = page.storage ?? browserStorage('localStorage');
  const session = page.session ?? browserStorage('sessionStorage');
  const cookies = cookieNames(page.cookies ?? document.cookie);
  const { search, hash } = page.location ?? window.location;
  const followers: Array<(location: Location) => void> = [];
  const sleepers: Array<(location: Location) => void> = [];
  // The stores start where the page was rendered (the page hydrated with these): a binding still loading
  // must not leave them at their blank defaults meanwhile, where a signed-in header would show Sign In
  // and a cart's badge 0 until its code arrived.
  seedStores(page.seeds);

  for (const binding of bindingTable(page.registry)) {
    const { remote, exposed, wakeOn } = binding;
    const kept = keptMissed(session, remote, exposed);
    const missed: MissedEvent[] = kept.read() ?? [];
    let state: 'asleep' | 'waking' | 'awake' = 'asleep';
    const heard = merge(
      ...(wakeOn.events ?? []).map((type) =>
        bus
          .on(type as BusEventType)
          .pipe(map((payload): MissedEvent => ({ type, payload, id: commandId() }))),
      ),
    ).subscribe((event) => {
      missed.push(event);
      kept.write(missed);
      // What the tap shows at once (the cart panel sliding in) goes first; the binding's code after it.
      afterNextPaint(wake);
    });
    function wake() {
      if (state !== 'asleep') return;
      state = 'waking';
      page.loadBinding(remote, exposed).then(
        (module) => {
          heard.unsubscribe();
          state = 'awake';
          kept.write(null);
          const handle: BindingHandle | void = module.default({
            config: page.config,
            seeds: page.seeds,
            missed,
          });
          if (handle?.navigated) followers.push(handle.navigated);
        },
        (error: unknown) => {
          // Asleep again: the next trigger tries again; what it missed is kept for then.
          state = 'asleep';
          console.error(`${remote}'s ${exposed} could not be started`, error);
        },
      );
    }
    const atStart =
      missed.length > 0 ||
      page.wokenByServer.includes(`${remote}/${exposed}`) ||
      (wakeOn.cookies ?? []).some((name) => cookies.has(name)) ||
      (wakeOn.storage ?? []).some((key) => storageHolds(storage, key)) ||
      (wakeOn.session ?? []).some((key) => storageHolds(session, key)) ||
      paramsHold(hash.replace(/^#/, ''), wakeOn.hash) ||
      paramsHold(search, wakeOn.parameters);
    if (atStart) wake();
    else if (binding.asleep) seedStores(asleepValues(binding.asleep, page.seeds));
    if (wakeOn.parameters?.length)
      sleepers.push((location) => {
        if (state === 'asleep' && paramsHold(location.search, wakeOn.parameters)) wake();
      });
  }
  let first = true;
  return (location) => {
    // The address the page started on was looked at above.
    if (first) {
      first = false;
      return;
    }
    for (const follow of followers) follow(location);
    for (const sleeper of sleepers) sleeper(location);
  };
}
