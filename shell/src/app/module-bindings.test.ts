import type { PublicRegistry } from '@storefront/artifact-store/registry';
import { bus, seedStores, stores, type ModuleBinding } from '@storefront/bus';
import { wakeBindings } from './module-bindings';

const SIGNED_OUT = { loading: false, user: null, event: 'SIGNED_OUT', accessToken: null };
const researcher = { loading: false, user: { id: 'u-1', email: 'ada@lab.example' }, accessToken: null };

/** The account module as the registry lists it: its session binding, woken by its cookie. */
const registry: PublicRegistry = {
  modules: {
    account: {
      version: '1.0.0',
      entry: '/remotes/account/1.0.0/remoteEntry.js',
      routes: [],
      slots: {},
      links: [],
      bindings: [
        {
          exposed: 'session',
          wakeOn: { cookies: ['session'], events: ['auth/sign-out'] },
          asleep: { auth: SIGNED_OUT },
        },
      ],
    },
  },
};

/** A binding whose code arrives when the test says, recording what it was handed. */
function slowBinding() {
  let arrive: (module: { default: ModuleBinding }) => void = () => {};
  const started: Array<Parameters<ModuleBinding>[0]> = [];
  const loaded = new Promise<{ default: ModuleBinding }>((resolve) => (arrive = resolve));
  return {
    load: () => loaded,
    arrive: () => arrive({ default: (handed) => void started.push(handed) }),
    started,
  };
}

const page = (
  seeds: Record<string, unknown>,
  cookies: string,
  load: () => Promise<{ default: ModuleBinding }>,
  pageRegistry = registry,
) =>
  wakeBindings({
    registry: pageRegistry,
    config: { shopName: 'Test' } as never,
    seeds,
    wokenByServer: [],
    loadBinding: load,
    storage: localStorage,
    session: sessionStorage,
    cookies,
    location: { pathname: '/', search: '', hash: '' },
  });

// A command wakes its binding a frame later (after the tap's own paint): jsdom's frames are 16 ms apart.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('waking the modules’ bindings', () => {
  afterEach(() => {
    seedStores({ auth: { loading: true, user: null } });
    sessionStorage.clear();
  });

  it('leaves a store at what the page was rendered with while the binding woken for it still loads', async () => {
    const binding = slowBinding();
    page({ auth: researcher }, 'session=1', binding.load);
    await settle();
    expect(stores.auth.get()).toEqual(researcher);
    binding.arrive();
    await settle();
    expect(binding.started).toHaveLength(1);
  });

  it('gives an asleep binding’s stores what its module declared, unless the page knew better', () => {
    const binding = slowBinding();
    page({}, '', binding.load);
    expect(stores.auth.get()).toEqual(SIGNED_OUT);
    page({ auth: researcher }, '', binding.load);
    expect(stores.auth.get()).toEqual(researcher);
  });

  it('hands a binding woken by a command the commands published while it loaded', async () => {
    const binding = slowBinding();
    page({}, '', binding.load);
    bus.publish('auth/sign-out');
    await settle();
    expect(binding.started).toHaveLength(0);
    binding.arrive();
    await settle();
    expect(binding.started[0]?.missed).toEqual([
      { type: 'auth/sign-out', payload: {}, id: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });

  it('wakes a binding at once for a key its page left in the tab’s storage', async () => {
    const account = registry.modules.account!;
    const withSessionKey: PublicRegistry = {
      modules: {
        account: { ...account, bindings: [{ ...account.bindings[0]!, wakeOn: { session: ['unfinished'] } }] },
      },
    };
    const idle = slowBinding();
    page({}, '', idle.load, withSessionKey);
    idle.arrive();
    await settle();
    expect(idle.started).toHaveLength(0);

    sessionStorage.setItem('unfinished', '[]');
    const woken = slowBinding();
    page({}, '', woken.load, withSessionKey);
    woken.arrive();
    await settle();
    expect(woken.started).toHaveLength(1);
  });

  it('hands a command published while its binding loaded to the tab’s next page, once, if the shopper left first', async () => {
    const left = slowBinding();
    page({}, '', left.load);
    bus.publish('auth/sign-out');
    await settle();
    expect(left.started).toHaveLength(0);

    // The reload: its binding wakes at once, with no new command, and is handed the one the last page heard.
    const next = slowBinding();
    page({}, '', next.load);
    next.arrive();
    await settle();
    expect(next.started[0]?.missed).toEqual([{ type: 'auth/sign-out', payload: {}, id: expect.any(String) }]);

    const after = slowBinding();
    page({}, '', after.load);
    after.arrive();
    await settle();
    expect(after.started).toHaveLength(0);
  });

  it('hands a command kept for the next page with the id it was given, to a duplicated tab as well', async () => {
    // A module of its own: earlier tests' pages still hear the bus, and one waking would take the key.
    const own: PublicRegistry = { modules: { duplicated: registry.modules.account! } };
    const left = slowBinding();
    page({}, '', left.load, own);
    bus.publish('auth/sign-out');
    await settle();
    // Duplicating the tab copies its storage: both tabs' next pages are handed the command.
    const tabStorage = Object.entries(sessionStorage);

    const next = slowBinding();
    page({}, '', next.load, own);
    next.arrive();
    await settle();
    for (const [key, value] of tabStorage) sessionStorage.setItem(key, value);
    const duplicate = slowBinding();
    page({}, '', duplicate.load, own);
    duplicate.arrive();
    await settle();

    const [handed] = next.started[0]!.missed;
    expect(handed?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(duplicate.started[0]?.missed).toEqual([handed]);
  });
});
