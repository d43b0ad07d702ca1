import { routeTable } from '@storefront/artifact-store';
import type { RuntimeConfig } from '@storefront/bus';
import { matchPage, type ModuleRoute } from '@storefront/routing';
import { requestIdOf, type Logger } from '@storefront/server-kit';
import type { PageAnswers } from '@storefront/routing/server-module';
import type { FormEcho } from '@storefront/ui';
import type { Request } from 'express';
import type { PageRenderer } from '../render';
import type { PageState, VisitorState } from '../page-state';
import { devShellScripts, type DevOverride } from './dev-overrides';
import { documentEnd, documentStart } from './document';
import { composeHead, headTags } from './head';
import type { PageDocument } from './page-cache';
import { fetchPageData, NO_DATA } from './page-data';
import type { ServiceApi } from './service-api';
import type { PublicRegistry } from '@storefront/artifact-store/registry';

/** How a page is sent besides its content: after a form (or a page's server loader), its status and echo. */
export interface PageOutcome {
  echo: FormEcho | null;
  /** A form refused (422) is said so; otherwise the page's own status. */
  status?: number;
  /** What the page's server loader had its module's service answer for this visitor, by URL. */
  answers?: PageAnswers['answers'];
}

/** A page on its way: its head first (it can be sent before the body is rendered), the rest after. */
export interface ComposedPage {
  status: number;
  start: string;
  rest: Promise<string>;
  /** Once `rest` has settled: the data versions to keep it by, or null (see PageDocument). */
  versions(): PageDocument['versions'];
}

export interface PageComposerOptions {
  config: RuntimeConfig;
  siteUrl: string;
  budgetMs: number;
  /** The shell's own scripts (from its build's declaration). */
  shellScripts(): string[];
  /** The browser files of a page's module, to announce. */
  pageModuleFiles(remote: string, version: string, exposed: string): string[];
  getApi: ServiceApi;
  renderer: PageRenderer | null;
  logger: Logger;
}

export interface PageRequest {
  req: Request;
  registry: PublicRegistry;
  /** The page the path belongs to, with its parameters; null for the not-found page. */
  match: { route: ModuleRoute; params: Record<string, string | undefined> } | null;
  visitor: VisitorState;
  outcome: PageOutcome;
  override: DevOverride | null;
}

export const searchOf = (url: string) => {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
};

const routeTables = new WeakMap<PublicRegistry, ModuleRoute[]>();

/** The page a path belongs to among a shopper's live routes; null when none does (not found). */
export function pageMatch(registry: PublicRegistry, pathname: string) {
  let routes = routeTables.get(registry);
  if (!routes) routeTables.set(registry, (routes = routeTable(registry)));
  return matchPage(routes, pathname);
}

/**
 * One page of the site: its route's declared data fetched from the services, its HTML rendered with the
 * live versions of its modules and what it is rendered with of its visitor, its head and status.
 * Whatever the server cannot render in time, or at all, the browser renders: a page is never blank and
 * never late.
 */
export function pageComposer(options: PageComposerOptions) {
  const { config, siteUrl, budgetMs, renderer, logger } = options;

  return async function compose({
    req,
    registry,
    match,
    visitor,
    outcome,
    override,
  }: PageRequest): Promise<ComposedPage> {
    const started = Date.now();
    const requestId = requestIdOf(req);
    const search = searchOf(req.originalUrl);
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
    // The visitor's own answers (a server loader's) beside the page's declared data.
    const responses = outcome.answers ? { ...page.responses, ...outcome.answers } : page.responses;
    const status = route ? (outcome.status ?? page.status) : 404;
    const failed = (error: unknown) =>
      logger.error(
        { err: error, requestId, url: req.originalUrl },
        'page could not be rendered; sent for the browser to render',
      );

    let rendered: Awaited<ReturnType<PageRenderer['render']>> | null = null;
    if (renderer) {
      rendered = await renderer
        .render({
          url: req.originalUrl,
          registry,
          route,
          data: page.status === 200 ? page.data : null,
          responses,
          visitor,
          echo: outcome.echo,
          site: { url: siteUrl },
          budgetMs: Math.max(1, budgetMs - (Date.now() - started)),
        })
        .catch((error: unknown) => {
          failed(error);
          return null;
        });
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

    // A page is worth keeping only if the server rendered all of it (no region left to the browser).
    let whole = false;
    const rest = (async () => {
      const body = (await rendered?.body.catch((error: unknown) => void failed(error))) ?? {
        html: '',
        styles: '',
        complete: false,
      };
      const state: PageState = {
        config,
        registry,
        responses,
        rendered: body.html !== '',
        visitor,
        echo: outcome.echo,
      };
      whole = body.complete;
      if (Date.now() - started > budgetMs)
        logger.warn(
          { requestId, url: req.originalUrl, ms: Date.now() - started },
          'page took longer than its budget',
        );
      return documentEnd({ ...body, state, scripts: override ? devShellScripts() : options.shellScripts() });
    })();
    return {
      status,
      start: documentStart({ headTags: headTags(head, config.shopName), preloads }),
      rest,
      versions: () => (whole ? page.versions : null),
    };
  };
}

export type ComposePage = ReturnType<typeof pageComposer>;
