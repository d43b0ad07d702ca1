/**
 * What a module's `server` exposed module offers the shell's server, which loads it from the module's
 * live release (its server container) and runs it in its own process: the module's form actions, the
 * loaders of pages that do something for their visitor, and the stores' values for a visitor it knows.
 * A module's server code reaches only its own service, through the client it is handed, as the shopper.
 */

/**
 * Every shopper form is a real form: it posts to the page it is on, its `_action` field naming the
 * module's action (`checkout/order`). Where no script takes it over, the shell's server has the owning
 * module carry it out; the answer is a redirect to the result, or the same page rendered with what was
 * typed and the spec's message: a FormEcho.
 */
export const ACTION_FIELD = '_action';

export interface FormMessage {
  title: string;
  description?: string;
  tone: 'error' | 'success' | 'info';
}

/** What the server tells a page it renders again after completing (or refusing) one of its forms. */
export interface FormEcho {
  /** The action, as the form named it: `content/newsletter`. */
  action: string;
  /** What was typed, ticked or chosen, by field name, so nothing is lost. */
  values: Record<string, string>;
  /** The spec's message for what happened, shown beside the form. */
  message?: FormMessage;
  /** What else the page shows for it: 'subscribed', 'age-required', 'added'… */
  outcome?: string;
  /**
   * Its message is the page's toast (a form completed with a redirect, which a script would have told
   * with one), rather than a notice beside the form. Set by the shell.
   */
  toast?: boolean;
}

export interface ServiceRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The service's own path and query: '/cart?affiliateCode=X'. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Any other header its API takes (an order's Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface ServiceAnswer {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
}

/** The module's own service, called as the shopper (their address, cookies and request id); throws when it cannot be reached. */
export type ModuleService = (request: ServiceRequest) => Promise<ServiceAnswer>;

export interface ActionRequest {
  /** The form's fields as text (the first of any field sent twice). */
  fields: Readonly<Record<string, string>>;
  /** The page the form is on (path and query), where its answer returns. */
  page: { pathname: string; search: string };
  /** The cookies the request carries, by name. */
  cookies: ReadonlyMap<string, string>;
  service: ModuleService;
  /** Whether the site is served over HTTPS (cookies are then Secure). */
  secure: boolean;
  /** The site's origin: 'https://shop.example'. */
  siteUrl: string;
}

/** A form done: on to its result (the payment page, the page with its cart open). */
export interface ActionRedirect {
  redirect: string;
  cookies?: string[];
  /**
   * What the page it leads to says of the form, once (its message shown as the page's toast, what was
   * typed kept): the feedback a script would have given, for a form the server completed.
   */
  flash?: FormEcho;
}

/** A form to show again: the page rendered with what was typed and the spec's message. */
export interface ActionShowAgain {
  echo: FormEcho;
  status: number;
  cookies?: string[];
}

export type ActionResult = ActionRedirect | ActionShowAgain;
export type ModuleAction = (request: ActionRequest) => Promise<ActionResult>;

/**
 * A page's server loader, for a page that does something for its visitor when asked for (an affiliate's
 * link applies its code; a confirmation link signs the researcher in): it may set cookies, and says how
 * it went on the page, or leads elsewhere; null renders the page as it is. Such a page is never kept.
 */
export type RouteLoader = (
  request: Omit<ActionRequest, 'fields'> & {
    params: Record<string, string | undefined>;
    /**
     * Whether a person asked for the page: a top-level navigation (a link followed, an address typed:
     * a GET whose Fetch Metadata says `navigate` to a `document`, and no prefetch), rather than a HEAD,
     * a prefetch, or an image, script or frame pointing at the address. What a page does for its
     * visitor may count only then (a followed link's click).
     */
    navigation: boolean;
  },
) => Promise<ActionResult | PageAnswers | null>;

/**
 * A page rendered for its visitor with what its module's own service answered for them (their own
 * data), by the public API URL the page reads it from: the page shows it at once, where no script runs
 * too, and hydrates with it. A shell that does not know this answer renders the page without them.
 */
export interface PageAnswers {
  answers: Readonly<Record<string, { status: number; body: unknown }>>;
}

/**
 * The values of the stores this module owns, for a visitor whose request carries one of its personal
 * cookies (their cart, their code), by store name: the page is rendered with them, and hydrates with them.
 */
export type VisitorLoader = (request: {
  cookies: ReadonlyMap<string, string>;
  service: ModuleService;
}) => Promise<Record<string, unknown>>;

export interface ServerModule {
  actions?: Readonly<Record<string, ModuleAction>>;
  /** By route path: '/ref/:code'. */
  loaders?: Readonly<Record<string, RouteLoader>>;
  visitor?: VisitorLoader;
}

/** A Set-Cookie line for a cookie the shop's pages share with their scripts (not httpOnly). */
export function pageCookie(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean },
): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie lines of a service's answer, to pass on to the browser (a cart's cookie). */
export function cookiesSetBy(answer: ServiceAnswer): string[] {
  const set = answer.headers['set-cookie'];
  return set === undefined ? [] : ([] as string[]).concat(set);
}

/** The problem a service answered with: its title and detail, when it gave them. */
export function problemOf(answer: ServiceAnswer): { title: string; detail?: string } | null {
  const body = answer.body as { title?: unknown; detail?: unknown } | undefined;
  return typeof body?.title === 'string'
    ? { title: body.title, detail: typeof body.detail === 'string' ? body.detail : undefined }
    : null;
}

export const errorMessage = (title: string, description?: string): FormMessage => ({
  title,
  description,
  tone: 'error',
});

/** The page the form came from, shown again with its echo: what was sent, and what the shopper is told. */
export function showAgain(
  request: Pick<ActionRequest, 'fields'>,
  action: string,
  message: FormMessage | undefined,
  status = 422,
  outcome?: string,
): ActionShowAgain {
  return { echo: { action, values: { ...request.fields }, message, outcome }, status };
}

export const pageAddress = ({ pathname, search }: ActionRequest['page']) => `${pathname}${search}`;
