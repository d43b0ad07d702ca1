import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  inCanary,
  routeTable,
  toPublicRegistry,
  type PublicRegistry,
  type Registry,
} from '@storefront/artifact-store';
import { bucketOf } from './canary-bucket';
import type { RuntimeConfig } from '@storefront/bus';
import { matchPage } from '@storefront/routing';
import { clientAddress, requestIdOf, type Logger, type TrustProxy } from '@storefront/service-kit';
import type { FormEcho } from '@storefront/ui';
import type { Request, RequestHandler, Response } from 'express';
import type { PageRenderer } from '../render';
import type { PageState, VisitorState } from '../page-state';
import { devShellScripts, withDevOverride, type DevOverride } from './dev-overrides';
import { documentEnd, documentStart } from './document';
import { composeHead, headTags } from './head';
import { encode, isCached, type PageCache, type PageDocument } from './page-cache';
import { fetchPageData, NO_DATA } from './page-data';
import type { ServiceApi } from './service-api';
import type { ServiceCalls } from './service-calls';
import { cookiesOf } from './cookies';
import { DEV_OVERRIDE_COOKIE } from './dev-overrides';
import { CART_COOKIE, isPersonal, visitorClues, visitorOf, type VisitorClues } from './visitor';
import { AFFILIATE_CODE_COOKIE } from '@storefront/bus';
import { AGE_VERIFIED_COOKIE } from '../app/age-verification';

export interface PageHandlerOptions {
  config: RuntimeConfig;
  siteUrl: string;
  budgetMs: number;
  readRegistry(): Registry;
  /** The shell's own scripts (from its build's declaration). */
  shellScripts(): string[];
  /** The one-module loop's override this request carries, if any (dev-overrides.ts). */
  devOverride(req: IncomingMessage): DevOverride | null;
  /** The browser files of a page's module, to announce. */
  pageModuleFiles(remote: string, version: string, exposed: string): string[];
  getApi: ServiceApi;
  services: ServiceCalls;
  /** Where anonymous pages are kept (null: every page is rendered for its request). */
  cache: PageCache | null;
  trustProxy: TrustProxy;
  renderer: PageRenderer | null;
  logger: Logger;
  /**
   * The headers every page carries besides its own (its security policy and the like), for pages sent
   * straight from the cache without the page app.
   */
  pageHeaders: ReadonlyArray<readonly [string, string]>;
}

/** How a page is sent besides its content: after a form, its status and the form's echo. */
export interface PageOutcome {
  echo: FormEcho | null;
  /** A form refused (422) is said so; otherwise the page's own status. */
  status?: number;
  /** Cookies the form set (an applied code), sent with the page. */
  cookies?: string[];
}

/** A page on its way: its head first (it can be sent before the body is rendered), the rest after. */
interface ComposedPage {
  status: number;
  start: string;
  rest: Promise<string>;
  /** Once `rest` has settled: the data versions to keep it by, or null (see PageDocument). */
  versions(): PageDocument['versions'];
}

const FILE_PATH = /\.[A-Za-z0-9]{1,8}$/;

/**
 * Pages kept for everyone may be kept by a CDN for a few seconds too, and served while it asks again;
 * a browser asks every time (with its ETag). Anything else is one visitor's.
 */
const SHARED_PAGE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const OWN_PAGE = 'private, no-cache';

function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}

/** The live version of every module, in one string: a deploy or a rollback changes it. */
const versionsOf = (registry: PublicRegistry) =>
  Object.entries(registry.modules)
    .map(([module, live]) => `${module}@${live.version}`)
    .sort()
    .join(',');

/** What a kept page is kept under: whom it is for (a newcomer, or someone who answered the age gate), the live versions, its address. */
const keptPageKey = (ageVerified: boolean, versions: string, url: string) =>
  `${ageVerified ? 'adult' : 'newcomer'} ${versions} ${url}`;

/** The encoding a request takes, best first (q=0 refuses one), among those a kept page has. */
function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const taken = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((param) => param.trim().startsWith('q='));
    taken.set(name, q ? Number(q.trim().slice(2)) : 1);
  }
  if ((taken.get('br') ?? 0) > 0) return 'br';
  if ((taken.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * Every page of the site: the route from the live modules' declarations, its data fetched from the
 * services, what it is rendered with of its visitor, its head and status, and its HTML rendered with
 * the live versions of its modules. A page one visitor's own (their cart, their code, a form they sent)
 * streams its head first, announcing the page module's files, while it renders; a page anyone would be
 * sent is kept by the page cache and sent whole, compressed once. Whatever the server cannot render in
 * time, or at all, the browser renders: a page is never blank and never late.
 */
export function pageResponder(options: PageHandlerOptions) {
  const { config, siteUrl, budgetMs, renderer, logger } = options;

  async function compose(
    req: Request,
    registry: PublicRegistry,
    visitor: VisitorState,
    outcome: PageOutcome,
  ): Promise<ComposedPage> {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const search = searchOf(req.originalUrl);
    const match = matchPage(routeTable(registry), req.path);
    const route = match?.route ?? null;
    const serverRendered = route?.render === 'server';
    const page =
      match && serverRendered
        ? await fetchPageData(
            match.route,
            { params: match.params, search },
            options.getApi,
            budgetMs,
            requestId,
          )
        : NO_DATA;
    const status = route ? (outcome.status ?? page.status) : 404;

    let rendered: Awaited<ReturnType<PageRenderer['render']>> | null = null;
    if (renderer) {
      try {
        rendered = await renderer.render({
          url: req.originalUrl,
          registry,
          route,
          data: page.status === 200 ? page.data : null,
          responses: page.responses,
          visitor,
          echo: outcome.echo,
          site: { url: siteUrl },
          budgetMs: Math.max(1, budgetMs - (Date.now() - started)),
        });
      } catch (error) {
        logger.error(
          { err: error, requestId, url: req.originalUrl },
          'page could not be rendered; sent for the browser to render',
        );
      }
    }
    const head = composeHead({
      shopName: config.shopName,
      siteUrl,
      pathname: req.path,
      search,
      route,
      status,
      pageHead: rendered?.head,
    });
    const live = route && registry.modules[route.remote];
    const preloads =
      serverRendered && live ? options.pageModuleFiles(route.remote, live.version, route.exposed) : [];
    const override = options.devOverride(req);

    // A page is worth keeping only if the server rendered all of it (no region left to the browser).
    let whole = false;
    const rest = (async () => {
      let body = { html: '', styles: '', complete: false };
      if (rendered) {
        try {
          body = await rendered.body;
        } catch (error) {
          logger.error(
            { err: error, requestId, url: req.originalUrl },
            'page could not be rendered; sent for the browser to render',
          );
        }
      }
      const state: PageState = {
        config,
        registry,
        responses: page.responses,
        rendered: body.html !== '',
        visitor,
        echo: outcome.echo,
      };
      const scripts = override ? devShellScripts() : options.shellScripts();
      whole = body.complete;
      if (Date.now() - started > budgetMs) {
        logger.warn(
          { requestId, url: req.originalUrl, ms: Date.now() - started },
          'page took longer than its budget',
        );
      }
      return documentEnd({ ...body, state, scripts });
    })();
    return {
      status,
      start: documentStart({ headTags: headTags(head, config.shopName), preloads }),
      rest,
      versions: () => (whole ? page.versions : null),
    };
  }

  // The browser's view of the registry and its versions' key, for a shopper outside any canary and for
  // each set of canaries a shopper may be in, made again only when the registry changes.
  type View = { live: PublicRegistry; versions: string };
  let views: { registry: Registry; byCanaries: Map<string, View> } | null = null;
  const viewFor = (req: IncomingMessage): View => {
    const registry = options.readRegistry();
    if (views?.registry !== registry) views = { registry, byCanaries: new Map() };
    const bucket = bucketOf(req);
    const canaries = Object.keys(registry.modules)
      .filter((module) => inCanary(registry, module, bucket))
      .join(',');
    let view = views.byCanaries.get(canaries);
    if (!view) {
      const live = toPublicRegistry(registry, (module) => canaries.split(',').includes(module));
      view = { live, versions: versionsOf(live) };
      views.byCanaries.set(canaries, view);
    }
    return view;
  };
  const registryFor = (req: IncomingMessage) => {
    const { live } = viewFor(req);
    const override = options.devOverride(req);
    return override ? withDevOverride(live, override) : live;
  };

  const shopperOf = (req: Request) => ({
    client: clientAddress(req, options.trustProxy),
    requestId: requestIdOf(req),
    cookie: req.headers.cookie,
  });

  /** A page for this visitor alone: the head goes out first, the body as soon as it is rendered. */
  async function send(req: Request, res: Response, outcome: PageOutcome) {
    const clues = visitorClues(req, searchOf(req.originalUrl));
    const visitor = await visitorOf(clues, options.services, shopperOf(req), budgetMs);
    const page = await compose(req, registryFor(req), visitor, outcome);
    res.status(page.status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': OWN_PAGE });
    if (outcome.cookies?.length) res.append('Set-Cookie', outcome.cookies);
    res.write(page.start);
    res.end(await page.rest);
  }

  /** A page anyone with the same address and age answer would be sent: from the cache, when it is current. */
  async function sendShared(req: Request, res: Response, clues: VisitorClues) {
    const registry = registryFor(req);
    const key = keptPageKey(clues.ageVerified, viewFor(req).versions, req.originalUrl);
    const visitor = await visitorOf(clues, options.services, shopperOf(req), budgetMs);
    const page = await options.cache!.page(key, async () => {
      const composed = await compose(req, registry, visitor, { echo: null });
      const html = Buffer.from(composed.start + (await composed.rest));
      return { status: composed.status, html, versions: composed.versions() };
    });
    res
      .status(page.status)
      .set({ 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding, Cookie' });
    // A page not kept (its data failed, or the browser renders it) is kept by no one else either.
    if (!isCached(page)) {
      res.set('Cache-Control', OWN_PAGE).end(page.html);
      return;
    }
    res.set({ 'Cache-Control': req.headers.cookie ? OWN_PAGE : SHARED_PAGE, ETag: page.etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') {
      // Compressed once for the page, not again per request (the compression middleware leaves it).
      res.set('Content-Encoding', encoding).end(encode(page, encoding));
      return;
    }
    res.end(page.html);
  }

  const handleGet: RequestHandler = (req, res, next) => {
    // A missing file (a script of a build that is gone) is a plain 404, never a page in its place.
    if (!req.accepts('html') || FILE_PATH.test(req.path)) return next();
    const clues = visitorClues(req, searchOf(req.originalUrl));
    if (options.cache && !isPersonal(clues) && !options.devOverride(req)) return sendShared(req, res, clues);
    return send(req, res, { echo: null });
  };

  /**
   * The key a kept page for this request would be under, when the request is one anyone could have
   * made (no cart, no code, no dev loop) for a page: null otherwise.
   */
  function keptKeyFor(req: IncomingMessage): string | null {
    if (!options.cache || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    const accept = req.headers.accept;
    if (FILE_PATH.test(path) || path.startsWith('/remotes/') || path.startsWith('/__dev/')) return null;
    if (accept && !accept.includes('text/html') && !accept.includes('*/*')) return null;
    const cookies = cookiesOf(req);
    if (cookies.has(CART_COOKIE) || cookies.has(AFFILIATE_CODE_COOKIE) || cookies.has(DEV_OVERRIDE_COOKIE)) {
      return null;
    }
    return keptPageKey(cookies.get(AGE_VERIFIED_COOKIE) === 'true', viewFor(req).versions, url);
  }

  /**
   * A kept page, current, straight from the cache: before the page app (its routing and middleware are
   * most of what a kept page costs), with the headers every page carries. False when nothing current is
   * kept under `key`: the page app then answers.
   */
  async function serveKept(req: IncomingMessage, res: ServerResponse, key: string): Promise<boolean> {
    const page = await options.cache!.current(key);
    if (!page) return false;
    for (const [name, value] of options.pageHeaders) res.setHeader(name, value);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.setHeader('Cache-Control', req.headers.cookie ? OWN_PAGE : SHARED_PAGE);
    res.setHeader('ETag', page.etag);
    const held = req.headers['if-none-match'];
    if (held && held.split(',').some((tag) => tag.trim() === page.etag)) {
      res.writeHead(304).end();
      return true;
    }
    const encoding = chosenEncoding(req.headers['accept-encoding']);
    const body = encoding ? encode(page, encoding) : page.html;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(page.status).end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  return { handleGet, send, keptKeyFor, serveKept };
}
