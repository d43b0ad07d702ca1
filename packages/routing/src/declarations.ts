/**
 * The route contract between a remote and the shell. Each remote declares, in its build, the pages it
 * serves; the shell builds its route table from the live versions' declarations (the registry), so a
 * new page is one deploy of the module that owns it.
 */

/** The title and description every page has, before any data is known. */
export interface PageHeadText {
  title: string;
  description: string;
}

/**
 * Where the paths of a parameterised route come from for the sitemap: `list` is an API URL on the
 * shell's origin answering an object whose `items` property is an array; each element's `field` is the
 * value of the route's `param`.
 */
export interface SitemapSource {
  list: string;
  items: string;
  field: string;
  param: string;
}

export interface RouteDeclaration {
  /** A react-router path pattern: '/product/:productId'. */
  path: string;
  /** The exposed module that renders the page: 'ProductPage'. */
  exposed: string;
  /** What the page is, in the shopper's words, for its loading and failure messages: 'product page'. */
  label: string;
  /**
   * 'server': the shell server renders it to HTML and the browser hydrates it. 'client': the page shows
   * what only the visitor's browser knows (the cart, the session, a payment result), so the server
   * sends the region empty and the browser renders it.
   */
  render: 'server' | 'client';
  /**
   * What the page needs before it can show anything, by name: API URL templates on the shell's origin.
   * Each ':name' is the route's path parameter of that name, or a query parameter declared in `query`.
   * The server fetches them and embeds the answers in the page.
   */
  data: Record<string, string>;
  /** Query parameters the data URLs use, each with its default (used when it is absent or blank). */
  query: Record<string, string>;
  head: PageHeadText;
  /** Whether search engines may index the page: it is then listed in the sitemap. */
  indexed: boolean;
  /**
   * Whether the page shows one visitor's own (their order, their cart, a code they followed): never kept
   * by any cache, and kept out of search engines.
   */
  personal: boolean;
  sitemap?: SitemapSource;
  /**
   * Whether the module's server loader for this path runs on each request of the page (it may set
   * cookies, and says how it went: an affiliate's link applies its code). Such a page is never kept.
   */
  serverLoader: boolean;
  /**
   * When not empty, the server loader runs only for an address with one of these query parameters (a
   * checkout's `?ref=`): any other request of the page is rendered, and kept, as if it had none.
   */
  loaderParameters: string[];
}

/** A route as the shell knows it: the declaration and the module that owns it. */
export interface ModuleRoute extends RouteDeclaration {
  remote: string;
}

/** What a page adds to its head once its data is known: the product's name, its structured data. */
export interface PageHead extends PageHeadText {
  /** Open Graph type. */
  type: 'website' | 'product';
  /** An absolute or site-relative picture for link previews. */
  image?: string;
  /** schema.org structured data, embedded as JSON-LD. */
  jsonLd?: Record<string, unknown>;
}

/** Where the page is served from, for absolute URLs in structured data. */
export interface SiteContext {
  /** The site's origin, without a trailing slash: 'https://shop.example'. */
  url: string;
}

/**
 * A page module's optional `head` export: given the answers to its declared data (JSON bodies, by
 * name), what its head should say. It may throw on data it does not understand; the declared head is
 * used then.
 */
export type HeadBuilder = (data: Record<string, unknown>, site: SiteContext) => Partial<PageHead> | undefined;
