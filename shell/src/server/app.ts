import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import { toPublicRegistry, type BuildFiles, type Registry } from '@storefront/artifact-store';
import type { RuntimeConfig } from '@storefront/bus';
import { assignRequestId, notFoundHandler, problemHandler, type Logger } from '@storefront/service-kit';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { PageRenderer } from '../render';
import { createApiGateway } from './api-gateway';
import {
  devOverrideFor,
  devOverrideRoutes,
  devSources,
  recordDevOverride,
  withDevOverride,
} from './dev-overrides';
import { SERVICE_MODULES, serviceSocket, serviceUrl, type ServiceModule, type ShellConfig } from './config';
import { INLINE_SCRIPT_HASHES } from './document';
import { pageHandler } from './pages';
import { createRemoteAssets } from './remote-assets';
import { loadPageRenderer } from './render-bundle';
import { seoRoutes } from './seo';
import { staticFiles, withoutCompressionSuffix } from './static-files';
import { createServiceApi } from './service-api';

/** What a script needs said about itself: its type is as declared, and other sites may not embed it. */
const scriptHeaders = [helmet.xContentTypeOptions(), helmet.crossOriginResourcePolicy()];

/** Where the shell's build keeps its server renderer (dist/server/). */
const SERVER_FOLDER = 'server';
const HASHED_ASSET = /\.[0-9a-f]{10}\.js$/;

/** The shell's scripts, in order, from the declaration its browser build wrote. */
function shellScripts(shellDist: string, logger: Logger): string[] {
  const declaration = path.join(shellDist, 'storefront-shell.json');
  if (!existsSync(declaration)) {
    logger.error({ declaration }, 'the shell is not built: pages cannot load their scripts');
    return [];
  }
  return (JSON.parse(readFileSync(declaration, 'utf8')) as { scripts: string[] }).scripts;
}

/** What the browser is told at run time (inlined in every page), never baked into a build. */
export function runtimeConfigOf(config: ShellConfig): RuntimeConfig {
  return {
    shopName: config.SHOP_NAME,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    authUrl: config.SUPABASE_URL ?? '/api/account',
    authAnonKey: config.SUPABASE_ANON_KEY,
  };
}

/** What the shell serves pages from: the published builds and the registry as it is now. */
export interface ShellArtifacts {
  files: Pick<BuildFiles, 'remotesRoot' | 'versionDir'>;
  /** The registry of live versions, kept current by its store's change notices. */
  registry(): Registry;
}

/**
 * The shell's server: /api/<module> passed straight to each service by the gateway; everything else
 * through the page app: every page rendered with the live modules, its own bundle, the registry, the
 * versioned remote builds, robots.txt and the sitemap. `renderer` is the server renderer built beside
 * the shell's bundle (null: the browser renders pages).
 */
export function createShellServer(
  config: ShellConfig,
  { files, registry }: ShellArtifacts,
  logger: Logger,
  renderer: PageRenderer | null = loadPageRenderer(
    config.SHELL_DIST,
    {
      config: runtimeConfigOf(config),
      serverEntryOf: (remote, version) =>
        path.join(files.versionDir(remote, version), 'server', 'remoteEntry.js'),
      onRegionError: (error) => logger.warn({ err: error }, 'a region was left for the browser to render'),
      onHeadError: (error) => logger.warn({ err: error }, 'a page module could not build its head'),
    },
    logger,
  ),
): RequestListener {
  const app = express();
  const getApi = createServiceApi(config);
  const publicRegistry = () => toPublicRegistry(registry());
  // A page pointed at a dev server may load scripts from it and open its update socket; no other may.
  const devServer = (req: IncomingMessage) => {
    const override = devOverrideFor(req);
    return override ? devSources(override).join(' ') : "'self'";
  };
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'shell' });
  });
  // Listening at all means the registry was read and its live builds are here: ready for pages.
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ready' });
  });

  // Scripts go out before anything else, with only the headers that matter for a script: the page's
  // policies belong to the page, and on a dozen files they would add kilobytes to every first visit.
  // A published remote version never changes, so its files may be cached for a year.
  app.use(
    '/remotes',
    scriptHeaders,
    staticFiles(files.remotesRoot, () => true),
    notFoundHandler,
  );
  // The server renderer is the server's own, not a file for browsers.
  const shellFiles = express
    .Router()
    .use(staticFiles(config.SHELL_DIST, (file) => HASHED_ASSET.test(withoutCompressionSuffix(file))));
  const serveShellFiles: RequestHandler = (req, res, next) =>
    req.path.startsWith(`/${SERVER_FOLDER}/`) ? next() : shellFiles(req, res, next);
  app.use(scriptHeaders, serveShellFiles);

  if (config.DEV_MODULE_OVERRIDES === 'on') {
    app.use(recordDevOverride((module) => module in publicRegistry().modules));
  }
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", ...INLINE_SCRIPT_HASHES, devServer],
          // styled-components writes its rules into <style> elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': [
            "'self'",
            ...(config.SUPABASE_URL ? [new URL(config.SUPABASE_URL).origin] : []),
            devServer,
          ],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  // A page's request id goes with the API calls it is rendered from; only API requests are logged.
  app.use((req, res, next) => {
    assignRequestId(req, res);
    next();
  });

  app.get('/registry.json', (req, res) => {
    const override = devOverrideFor(req);
    const live = publicRegistry();
    res.set('Cache-Control', 'no-cache').json(override ? withDevOverride(live, override) : live);
  });
  if (config.DEV_MODULE_OVERRIDES === 'on') app.use(devOverrideRoutes(publicRegistry));

  app.use(seoRoutes({ siteUrl: config.SITE_URL, readRegistry: registry, getApi, logger }));

  // Pages are compressed as they are sent; scripts were compressed when they were built.
  app.use(compression());
  const scripts = shellScripts(config.SHELL_DIST, logger);
  app.get(
    /.*/,
    pageHandler({
      config: runtimeConfigOf(config),
      siteUrl: config.SITE_URL,
      budgetMs: config.RENDER_BUDGET_MS,
      readRegistry: registry,
      shellScripts: () => scripts,
      devOverride: devOverrideFor,
      pageModuleFiles: createRemoteAssets((remote, version) => files.versionDir(remote, version)),
      getApi,
      renderer,
      logger,
    }),
  );

  app.use(notFoundHandler);
  app.use(problemHandler(logger, '0kb'));

  const api = createApiGateway({
    targets: Object.fromEntries(
      SERVICE_MODULES.map((module) => [module, serviceUrl(config, module)]),
    ) as Record<ServiceModule, string>,
    sockets: Object.fromEntries(SERVICE_MODULES.map((module) => [module, serviceSocket(config, module)])),
    timeoutMs: config.PROXY_TIMEOUT_MS,
    logger,
    trustProxy: config.TRUST_PROXY,
  });
  return (req, res) => (req.url?.startsWith('/api/') ? api.handle(req, res) : app(req, res));
}
