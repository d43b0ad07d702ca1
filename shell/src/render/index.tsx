import type { PublicRegistry } from '@storefront/artifact-store/registry';
import { shellOwnedStores, type RuntimeConfig } from '@storefront/bus';
import type { ModuleRoute, PageHead, SiteContext } from '@storefront/routing';
import type { ServerModule } from '@storefront/routing/server-module';
import { StaticRouter } from '@storefront/routing/server';
import { RemoteLoaderProvider, type FormEcho, type PreloadedResponses } from '@storefront/ui';
import type { ReactNode } from 'react';
import { App } from '../app/App';
import type { VisitorState } from '../page-state';
import { renderToHtml, type RenderedHtml } from './render-to-html';
import { createServerModules, type ServerEntryOf } from './server-loader';

export { RegionTimeout } from './render-to-html';

export interface RenderRequest {
  /** Path and query string. */
  url: string;
  registry: PublicRegistry;
  /** The page the path belongs to; null for the not-found page. */
  route: ModuleRoute | null;
  /**
   * The answers to the route's declared data, by name, for the module's head; null when the page does
   * not stand (its data is missing or failed), and its declared head is used.
   */
  data: Record<string, unknown> | null;
  /** The same answers by URL, as the page's components ask for them. */
  responses: PreloadedResponses;
  /** What the page is rendered with of its visitor and address. */
  visitor: VisitorState;
  /** The form the server completed for this page, if any. */
  echo: FormEcho | null;
  site: SiteContext;
  /** How long the page may wait for its module and regions before the browser takes them over. */
  budgetMs: number;
}

export interface RenderedPage {
  /** What the page's module says of its head, given its data (nothing if it does not know). */
  head: Partial<PageHead> | undefined;
  /** The rendered page, still on its way when the head is known, so the head can be sent first. */
  body: Promise<RenderedHtml>;
}

export interface PageRendererOptions {
  config: RuntimeConfig;
  serverEntryOf: ServerEntryOf;
  /** Told of a region the server could not render, which the browser renders instead. */
  onRegionError(error: unknown): void;
  /** Told of a head builder that threw; the declared head is used. */
  onHeadError(error: unknown): void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shell's server renderer, compiled by webpack with the same shared modules (and the same
 * styled-components names) as the browser's shell, and loading remotes' server containers through
 * the same federation runtime.
 */
export function createPageRenderer({
  config,
  serverEntryOf,
  onRegionError,
  onHeadError,
}: PageRendererOptions) {
  // The one value the server knows as the browser does; the rest of the stores keep their initial values.
  shellOwnedStores.runtimeConfig.set(config);
  const modules = createServerModules(serverEntryOf);

  async function render(request: RenderRequest): Promise<RenderedPage> {
    const started = Date.now();
    const loader = modules.forRegistry(request.registry);
    let head: Partial<PageHead> | undefined;
    const { route } = request;
    if (route?.render === 'server') {
      // The page's module is loaded first (within the budget), for its head and so it renders at once.
      await Promise.race([
        loader.load(route.remote, route.exposed, false).catch(() => undefined),
        wait(request.budgetMs),
      ]);
      const module = loader.peekPage(route.remote, route.exposed);
      try {
        if (request.data) head = module?.head?.(request.data, request.site);
      } catch (error) {
        onHeadError(error);
      }
    }
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={request.url}>{children}</StaticRouter>
    );
    const body = renderToHtml(
      <RemoteLoaderProvider value={loader}>
        <App
          registry={request.registry}
          responses={request.responses}
          visitor={request.visitor}
          echo={request.echo}
          Router={Router}
        />
      </RemoteLoaderProvider>,
      Math.max(1, request.budgetMs - (Date.now() - started)),
      onRegionError,
    );
    return { head, body };
  }

  /**
   * A module's `server` module (its form actions, page loaders and visitor seeds), from the release the
   * shopper is served: loaded through the same federation runtime as its pages, kept per version.
   */
  const serverModule = (registry: PublicRegistry, remote: string): Promise<ServerModule> =>
    modules.forRegistry(registry).server(remote);

  return { render, serverModule };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
