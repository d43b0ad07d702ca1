import type { IncomingMessage } from 'node:http';
import { routeTable, toPublicRegistry, type Registry } from '@storefront/artifact-store';
import type { RuntimeConfig } from '@storefront/bus';
import { matchPage } from '@storefront/routing';
import { requestIdOf, type Logger } from '@storefront/service-kit';
import type { RequestHandler } from 'express';
import type { PageRenderer } from '../render';
import type { PageState } from '../page-state';
import { devShellScripts, withDevOverride, type DevOverride } from './dev-overrides';
import { documentEnd, documentStart } from './document';
import { composeHead, headTags } from './head';
import { fetchPageData, type PageData } from './page-data';
import type { ServiceApi } from './service-api';

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
  renderer: PageRenderer | null;
  logger: Logger;
}

const FILE_PATH = /\.[A-Za-z0-9]{1,8}$/;

const NO_DATA: PageData = { data: {}, responses: {}, status: 200 };

/**
 * Every page of the site: the route from the live modules' declarations, its data fetched from the
 * services, its head and status, and its HTML rendered with the live versions of its modules. The
 * head goes out first, announcing the page module's files, while the page renders. Whatever the server cannot
 * render in time, or at all, the browser renders: a page is never blank and never late.
 */
export function pageHandler(options: PageHandlerOptions): RequestHandler {
  const { config, siteUrl, budgetMs, renderer, logger } = options;
  return async (req, res, next) => {
    // A missing file (a script of a build that is gone) is a plain 404, never a page in its place.
    if (!req.accepts('html') || FILE_PATH.test(req.path)) return next();
    const started = Date.now();
    const requestId = requestIdOf(req);
    const override = options.devOverride(req);
    const liveRegistry = toPublicRegistry(options.readRegistry());
    const registry = override ? withDevOverride(liveRegistry, override) : liveRegistry;
    const match = matchPage(routeTable(registry), req.path);
    const route = match?.route ?? null;
    const serverRendered = route?.render === 'server';

    const page =
      match && serverRendered
        ? await fetchPageData(
            match.route,
            { params: match.params, search: searchOf(req.originalUrl) },
            options.getApi,
            budgetMs,
            requestId,
          )
        : NO_DATA;
    const status = route ? page.status : 404;

    let rendered: Awaited<ReturnType<PageRenderer['render']>> | null = null;
    if (renderer) {
      try {
        rendered = await renderer.render({
          url: req.originalUrl,
          registry,
          route,
          data: status === 200 ? page.data : null,
          responses: page.responses,
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
      search: searchOf(req.originalUrl),
      route,
      status,
      pageHead: rendered?.head,
    });
    const live = route && registry.modules[route.remote];
    const preloads =
      serverRendered && live ? options.pageModuleFiles(route.remote, live.version, route.exposed) : [];

    res.status(status).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.write(documentStart({ headTags: headTags(head, config.shopName), preloads }));

    let body = { html: '', styles: '' };
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
    const state: PageState = { config, registry, responses: page.responses, rendered: body.html !== '' };
    const scripts = override ? devShellScripts(override) : options.shellScripts();
    res.end(documentEnd({ ...body, state, scripts }));
    if (Date.now() - started > budgetMs) {
      logger.warn(
        { requestId, url: req.originalUrl, ms: Date.now() - started },
        'page took longer than its budget',
      );
    }
  };
}

function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}
