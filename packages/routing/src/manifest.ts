import type { RouteDeclaration } from './declarations';

/**
 * A module's manifest: everything the shell and the other modules may rely on, declared by the module
 * with its release (`src/manifest.ts`, written into its build and recorded in the registry). The shell
 * composes from it and knows no module by name; a deploy refuses a release that takes away what another
 * live module uses, or uses what no live module offers.
 */
export interface ModuleManifest {
  /** The pages it serves. */
  routes: RouteDeclaration[];
  /**
   * What its forms do on the server where no script takes them over, by action name, with the fields
   * each reads. A form names one as `<module>/<action>` in its `_action` field; the module's `server`
   * exposed module carries them out.
   */
  actions: Record<string, ActionDeclaration>;
  /** Components other modules (or the shell's slots) may embed: the newsletter, the cart panel. */
  fragments: string[];
  /**
   * The places of the shell's layout this module fills (a ShellSlot), each with one of its fragments. A
   * place the shell does not know (one of a later shell, after a rollback) is left empty.
   */
  slots: Record<string, string>;
  /** Links the shell's layout shows to this module's pages: a footer's policies, the header's sign-in. */
  links: LinkDeclaration[];
  /** Browser modules that carry out this module's side of the bus, and what wakes each. */
  bindings: BindingDeclaration[];
  /** The cookies it sets. A personal one makes a page rendered for a request carrying it that visitor's own. */
  cookies: CookieDeclaration[];
  /**
   * Its service's routes that make a request at most once per Idempotency-Key ('POST /orders'): a
   * gateway may send one again after a failure that left it unanswered, as it would a GET.
   */
  retrySafe: string[];
  /** What it relies on of other modules; a deploy checks both sides. */
  uses: ModuleUses;
}

export interface ActionDeclaration {
  /** The form fields the action reads (besides the shell's own `_action`). */
  fields: string[];
}

/** The shell's places another module may fill. */
export type ShellSlot = 'cart-panel';

/** Places of the shell's layout that list links to modules' pages. */
export type LinkPlace = 'footer' | 'account-menu' | 'header-sign-in' | 'header-sign-up' | 'header-sign-out';

export interface LinkDeclaration {
  /** A LinkPlace; one the shell does not know is not shown. */
  place: LinkPlace | (string & {});
  /** The page's path, with its query when it has one: '/auth?tab=sign-up'. */
  href: string;
  label: string;
  /** One of the module's actions: the link is a button posting it (Sign Out), which then leads to `href`. */
  action?: string;
}

/** What wakes a binding: any one of them, seen on the request (by the server) or in the browser. */
export interface WakeTriggers {
  /** Cookies it owns: the server sees httpOnly ones too. */
  cookies?: string[];
  /** Keys of the browser's localStorage. */
  storage?: string[];
  /** Keys of the tab's sessionStorage: what a page left unfinished, for the tab's next page. */
  session?: string[];
  /** Parameters of the URL's fragment (a confirmation link's access_token). */
  hash?: string[];
  /** Query parameters of any address the shopper arrives at; the binding is told of every such address. */
  parameters?: string[];
  /** Bus commands it carries out: the first one wakes it, and it is handed the ones it missed. */
  events?: string[];
}

export interface BindingDeclaration {
  /** Its exposed module, whose default export is a ModuleBinding (@storefront/bus). */
  exposed: string;
  wakeOn: WakeTriggers;
  /**
   * The values of the stores it owns while it sleeps, by store name: a visitor who never signed in is
   * signed out without the account module being downloaded.
   */
  asleep?: Record<string, unknown>;
}

export interface CookieDeclaration {
  name: string;
  /** A page rendered for a request carrying it shows that visitor's own data: it is never kept for others. */
  personal: boolean;
}

/** Other modules' parts this one relies on, each as `<module>/<name>` (a route: `<module> <path>`). */
export interface ModuleUses {
  fragments: string[];
  actions: string[];
  routes: string[];
}

type ManifestInput = Partial<ModuleManifest> & Pick<ModuleManifest, 'routes'>;

/** A module's manifest with what it leaves out written as empty. */
export function defineModule({
  routes,
  actions = {},
  fragments = [],
  slots = {},
  links = [],
  bindings = [],
  cookies = [],
  retrySafe = [],
  uses = { fragments: [], actions: [], routes: [] },
}: ManifestInput): ModuleManifest {
  return { routes, actions, fragments, slots, links, bindings, cookies, retrySafe, uses };
}

/** The name of the exposed module that carries out a module's actions, loaders and visitor seeds. */
export const SERVER_MODULE = 'server';

/** The `_action` value of a module's action: what a form of any module writes to ask for it. */
export const actionName = (module: string, action: string) => `${module}/${action}`;
