import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@storefront/server-kit';
import type { Request, RequestHandler, Response } from 'express';
import { withDevOverride, DEV_OVERRIDE_COOKIE, type DevOverride } from './dev-overrides';
import { cookiesOf } from './cookies';
import { clearFlashCookie, FLASH_COOKIE, flashCookie, flashOf } from './flash';
import { sitePath } from './site-path';
import type { ModuleRoute } from '@storefront/routing';
import type { ActionRedirect } from '@storefront/routing/server-module';
import { isCached, type PageCache } from './page-cache';
import { pageMatch, searchOf, type ComposePage, type PageOutcome } from './page-compose';
import { OWN_PAGE, writeKeptPage } from './page-writer';
import type { ShopperView } from './shopper-view';
import { isPersonal, visitorClues, visitorOf, type ModuleAccess, type VisitorClues } from './visitor';
import { AGE_VERIFIED_COOKIE } from '../app/age-verification';

export type { PageOutcome } from './page-compose';

export interface PageHandlerOptions {
  compose: ComposePage;
  viewFor(req: IncomingMessage): ShopperView;
  modulesFor(req: Request): ModuleAccess;
  /** The one-module loop's override this request carries, if any (dev-overrides.ts). */
  devOverride(req: IncomingMessage): DevOverride | null;
  /** Where anonymous pages are kept (null: every page is rendered for its request). */
  cache: PageCache | null;
  /** The headers every page carries besides its own (its security policy and the like). */
  pageHeaders: ReadonlyArray<readonly [string, string]>;
  /** The site's origin: a page's server loader sets cookies Secure when it is served over HTTPS. */
  siteUrl: string;
  logger: Logger;
}

const FILE_PATH = /\.[A-Za-z0-9]{1,8}$/;

/** What a kept page is kept under: whom it is for (a newcomer, or someone who answered the age gate), the live versions, its address. */
const keptPageKey = (ageVerified: boolean, versions: string, url: string) =>
  `${ageVerified ? 'adult' : 'newcomer'} ${versions} ${url}`;

/**
 * Every page GET of the site. A page anyone would be sent is kept by the page cache and sent whole,
 * compressed once; a page one visitor's own (a cookie a module declared personal, a page that shows
 * their order, a page whose server loader acts for them, a form they sent) streams its head first while
 * it renders, and no cache keeps it.
 */
/**
 * Whether a person asked for the page: a GET whose Fetch Metadata says a top-level navigation to a
 * document, not a prefetch or prerender (Sec-Purpose, or the older Purpose).
 */
export function isNavigation(req: Request): boolean {
  const purpose = `${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''}`;
  return (
    req.method === 'GET' &&
    req.get('sec-fetch-mode') === 'navigate' &&
    req.get('sec-fetch-dest') === 'document' &&
    !/prefetch|prerender/i.test(purpose)
  );
}

/**
 * Whether a page's server loader runs for an address (its query, `search`): always for a route with a
 * loader and no loaderParameters; for one with them, only when the address has one of them.
 */
export function loaderRuns(
  route: Pick<ModuleRoute, 'serverLoader' | 'loaderParameters'>,
  search: string,
): boolean {
  if (!route.serverLoader) return false;
  // A release built before loaderParameters existed is read with none (the contract's default).
  if (route.loaderParameters.length === 0) return true;
  const query = new URLSearchParams(search);
  return route.loaderParameters.some((name) => query.has(name));
}

export function pageResponder(options: PageHandlerOptions) {
  const { compose, cache } = options;
  const secure = options.siteUrl.startsWith('https:');

  const registryFor = (req: IncomingMessage, view: ShopperView) => {
    const override = options.devOverride(req);
    return override ? withDevOverride(view.live, override) : view.live;
  };

  /** A page for this visitor alone: the head goes out first, the body as soon as it is rendered. */
  async function send(req: Request, res: Response, outcome: PageOutcome) {
    const view = options.viewFor(req);
    const clues = visitorClues(req, searchOf(req.originalUrl));
    const registry = registryFor(req, view);
    const match = pageMatch(registry, req.path);
    const modules = options.modulesFor(req);
    const visitor = await visitorOf(clues, view, modules);
    const loaded =
      match && loaderRuns(match.route, clues.search)
        ? await runServerLoader(req, match, modules, clues)
        : null;
    if (loaded && 'redirect' in loaded) return redirect(res, loaded);
    // A form the server completed with a redirect says here, once, what a script would have said.
    const flash = req.method === 'GET' ? flashOf(clues.cookies) : null;
    const page = await compose({
      req,
      registry,
      match,
      visitor,
      outcome:
        loaded && 'echo' in loaded
          ? { echo: loaded.echo, status: loaded.status }
          : flash
            ? { echo: { ...flash, toast: true }, answers: answersOf(loaded) }
            : { ...outcome, answers: answersOf(loaded) },
      override: options.devOverride(req),
    });
    res.status(page.status).set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': OWN_PAGE,
      // The head goes out before the rest is rendered: a balancer in front passes it on as it comes.
      'X-Accel-Buffering': 'no',
    });
    if (loaded && 'cookies' in loaded && loaded.cookies?.length) res.append('Set-Cookie', loaded.cookies);
    if (clues.cookies.has(FLASH_COOKIE)) res.append('Set-Cookie', clearFlashCookie(secure));
    res.write(page.start);
    res.end(await page.rest);
  }

  /** The visitor's own answers a page's server loader gave, if that is what it answered. */
  const answersOf = (loaded: Awaited<ReturnType<typeof runServerLoader>>) =>
    loaded && 'answers' in loaded ? loaded.answers : undefined;

  /** A page's server loader led elsewhere: its cookies, what it tells the next page, and on. */
  function redirect(res: Response, { redirect: to, cookies, flash }: ActionRedirect) {
    if (cookies?.length) res.append('Set-Cookie', cookies);
    if (flash) res.append('Set-Cookie', flashCookie(flash, secure));
    res.set('Cache-Control', OWN_PAGE).redirect(303, sitePath(to));
  }

  /** A page whose module acts for its visitor as it is asked for (an affiliate's link applies its code). */
  async function runServerLoader(
    req: Request,
    match: NonNullable<ReturnType<typeof pageMatch>>,
    modules: ModuleAccess,
    clues: VisitorClues,
  ) {
    const { route, params } = match;
    try {
      const loaders = (await modules.serverModule(route.remote)).loaders;
      const load = loaders && Object.hasOwn(loaders, route.path) ? loaders[route.path] : undefined;
      return load
        ? await load({
            params,
            page: { pathname: req.path, search: clues.search },
            cookies: clues.cookies,
            service: modules.service(route.remote),
            secure,
            siteUrl: options.siteUrl,
            navigation: isNavigation(req),
          })
        : null;
    } catch (error) {
      options.logger.error({ err: error, url: req.originalUrl }, "a page's server loader failed");
      return null;
    }
  }

  /** A page anyone with the same address and age answer would be sent: from the cache, when it is current. */
  async function sendShared(req: Request, res: Response, clues: VisitorClues, view: ShopperView) {
    const registry = view.live;
    const key = keptPageKey(clues.ageVerified, view.versions, req.originalUrl);
    const page = await cache!.page(key, async () => {
      const visitor = await visitorOf(clues, view, options.modulesFor(req));
      const composed = await compose({
        req,
        registry,
        match: pageMatch(registry, req.path),
        visitor,
        outcome: { echo: null },
        override: null,
      });
      const html = Buffer.from(composed.start + (await composed.rest));
      return { status: composed.status, html, versions: composed.versions() };
    });
    // A page not kept (its data failed, or the browser renders it) is kept by no one else either.
    if (!isCached(page)) {
      res.status(page.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': OWN_PAGE });
      res.end(page.html);
      return;
    }
    writeKeptPage(req, res, page, options.pageHeaders);
  }

  /** Whether a page for this request may be kept for everyone: nothing of its visitor's, no dev loop. */
  const shareable = (req: IncomingMessage, clues: VisitorClues, view: ShopperView) => {
    if (!cache || isPersonal(clues, view) || clues.cookies.has(DEV_OVERRIDE_COOKIE)) return false;
    if (clues.cookies.has(FLASH_COOKIE)) return false;
    const match = pageMatch(view.live, (req.url ?? '/').split('?', 1)[0]!);
    return !match?.route.personal && !(match && loaderRuns(match.route, searchOf(req.url ?? '')));
  };

  const handleGet: RequestHandler = (req, res, next) => {
    // A missing file (a script of a build that is gone) is a plain 404, never a page in its place.
    if (!req.accepts('html') || FILE_PATH.test(req.path)) return next();
    const view = options.viewFor(req);
    const clues = visitorClues(req, searchOf(req.originalUrl));
    if (shareable(req, clues, view)) return sendShared(req, res, clues, view);
    return send(req, res, { echo: null });
  };

  /**
   * The key a kept page for this request would be under, when the request is one anyone could have
   * made for a page: null otherwise.
   */
  function keptKeyFor(req: IncomingMessage): string | null {
    if (!cache || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    const accept = req.headers.accept;
    if (FILE_PATH.test(path) || path.startsWith('/remotes/') || path.startsWith('/__dev/')) return null;
    if (accept && !accept.includes('text/html') && !accept.includes('*/*')) return null;
    const view = options.viewFor(req);
    const cookies = cookiesOf(req);
    const ownCookie = (name: string) =>
      view.personalCookies.has(name) || name === DEV_OVERRIDE_COOKIE || name === FLASH_COOKIE;
    if ([...cookies.keys()].some(ownCookie)) return null;
    return keptPageKey(cookies.get(AGE_VERIFIED_COOKIE) === 'true', view.versions, url);
  }

  /**
   * A kept page, current, straight from the cache: before the page app (its routing and middleware are
   * most of what a kept page costs). False when nothing current is kept under `key`: the page app then answers.
   */
  async function serveKept(req: IncomingMessage, res: ServerResponse, key: string): Promise<boolean> {
    const page = await cache!.current(key);
    if (!page) return false;
    writeKeptPage(req, res, page, options.pageHeaders);
    return true;
  }

  return { handleGet, send, keptKeyFor, serveKept };
}
