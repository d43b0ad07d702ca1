import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import type { BuildFiles, Registry } from '@storefront/artifact-store';
import type { RuntimeConfig } from '@storefront/bus';
import {
  assignRequestId,
  notFoundHandler,
  problemHandler,
  ServiceEndpoints,
  toOriginForm,
  writeProblem,
  type LimitStore,
  type Logger,
  type ProcessMetrics,
  type Tracing,
} from '@storefront/server-kit';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';
import type { PageRenderer } from '../render';
import { createApiGateway } from './api-gateway';
import { browserErrorRoute } from './browser-errors';
import { assignBucket, bucketOf } from './canary-bucket';
import type { ShellConfig } from './config';
import { devOverrides, devSources, withDevOverride, type DevOverride } from './dev-overrides';
import { formActions, shopperOf } from './form-actions';
import { sitePath } from './site-path';
import { loadShedder } from './load-shedding';
import { pageComposer } from './page-compose';
import { createPageCache } from './page-cache';
import { headersSetBy, pagePolicy, scriptHeaders } from './page-security';
import { pageResponder } from './pages';
import { createRemoteAssets } from './remote-assets';
import { loadPageRenderer } from './render-bundle';
import { seoRoutes } from './seo';
import { createServiceApi, type ServiceApi } from './service-api';
import { createServiceCalls } from './service-calls';
import { createServiceTargets } from './service-targets';
import { shopperViews } from './shopper-view';
import { staticFiles, withoutCompressionSuffix } from './static-files';
import type { DataVersion } from './page-data';
import { searchOf } from './page-compose';
import { visitorClues, type ModuleAccess } from './visitor';

/** Where the shell's build keeps its server renderer (dist/server/). */
const SERVER_FOLDER = 'server';
const HASHED_ASSET = /\.[0-9a-f]{10}\.js$/;
/** When a shopper turned away by a full shell may try again: a crowd's peak passes in about that. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The shell's scripts, in order, from the declaration its browser build wrote. */
function shellScripts(shellDist: string, logger: Logger): string[] {
  const declaration = path.join(shellDist, 'storefront-shell.json');
  if (!existsSync(declaration)) {
    logger.error({ declaration }, 'the shell is not built: pages cannot load their scripts');
    return [];
  }
  return (JSON.parse(readFileSync(declaration, 'utf8')) as { scripts: string[] }).scripts;
}

/** Whether each answer a kept page was made from still stands: its service answers 304 to its ETag. */
async function stillCurrent(versions: readonly DataVersion[], getApi: ServiceApi, timeoutMs: number) {
  const answers = await Promise.all(
    versions.map(async ({ url, etag }) => (await getApi(url, timeoutMs, 'page-cache', etag))?.status === 304),
  );
  return answers.every(Boolean);
}

/** What the browser is told at run time (inlined in every page), never baked into a build. */
export function runtimeConfigOf(config: ShellConfig): RuntimeConfig {
  return {
    shopName: config.SHOP_NAME,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    authUrl: config.SUPABASE_URL ?? '/api/account',
    authAnonKey: config.SUPABASE_ANON_KEY,
    siteUrl: config.SITE_URL,
  };
}

/** What the shell serves pages from: the published builds and the registry as it is now. */
export interface ShellArtifacts {
  files: Pick<BuildFiles, 'remotesRoot' | 'versionDir'>;
  /** The registry of live versions, kept current by its store's change notices. */
  registry(): Registry;
  /** Where requests, their latency and shoppers' browser errors are counted (served by main.ts). */
  metrics?: ProcessMetrics;
  /** Traces API requests through the gateway (started by main.ts). */
  tracing?: Tracing;
  /** Where the shell's counters live (Redis, shared by every shell, when main.ts has one). */
  limits?: LimitStore;
}

/**
 * The shell's server: /api/<module> passed straight to each service by the gateway; everything else
 * through the page app: every page rendered with the live modules, forms carried out by the modules that
 * own them, its own bundle, the registry, the versioned remote builds, robots.txt and the sitemap.
 * `renderer` is the server renderer built beside the shell's bundle (null: the browser renders pages).
 */
export function createShellServer(
  config: ShellConfig,
  { files, registry, metrics, tracing, limits }: ShellArtifacts,
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
  const views = shopperViews(registry);
  const endpoints = config.SERVICE_ENDPOINTS_FILE
    ? new ServiceEndpoints(config.SERVICE_ENDPOINTS_FILE)
    : null;
  const liveModules = () => Object.keys(registry().modules);
  const poolOptions = (connections: number) => ({
    connections,
    headersTimeout: config.PROXY_TIMEOUT_MS,
    bodyTimeout: config.PROXY_TIMEOUT_MS,
  });
  // Pages, forms and the sitemap call services over connections of their own (not the API gateway's).
  const services = createServiceCalls({
    targets: createServiceTargets(config, endpoints, liveModules, poolOptions(32)),
    timeoutMs: config.PROXY_TIMEOUT_MS,
    outageHoldMs: config.SERVICE_OUTAGE_HOLD_MS,
    retrySafe: views.isRetrySafe,
  });
  const getApi = createServiceApi(services);
  const loop = devOverrides(config.DEV_SESSION_FILE, config.DEV_SHELL_DIST);
  const devOverrideFor = (req: IncomingMessage): DevOverride | null => loop?.overrideFor(req) ?? null;
  // A page pointed at a dev server may load scripts from it and open its update socket; no other may.
  const devServer = (req: IncomingMessage) => {
    const override = devOverrideFor(req);
    return override ? devSources(override).join(' ') : "'self'";
  };
  /** A module's server module and service, for the shopper a request comes from. */
  const modulesFor = (req: Request): ModuleAccess => {
    const view = views.forRequest(req);
    const shopper = shopperOf(req, config.TRUST_PROXY, bucketOf(req));
    return {
      serverModule: async (module) => {
        if (!renderer) throw new Error('the shell has no server renderer to load modules with');
        return renderer.serverModule(view.live, module);
      },
      service: (module) => (request) => services.call(module, { ...request, shopper }),
    };
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

  const pageSecurity = pagePolicy({
    paymentOrigins: config.PAYMENT_PAGE_ORIGINS,
    authOrigin: config.SUPABASE_URL ? new URL(config.SUPABASE_URL).origin : undefined,
    devServer,
  });
  app.use(pageSecurity);
  // A page's request id goes with the API calls it is rendered from; only API requests are logged.
  app.use((req, res, next) => {
    assignRequestId(req, res);
    next();
  });
  // An address beginning with two slashes (or a backslash) names a page of this site, never another host.
  app.use((req, res, next) => {
    if (!/^\/[/\\]/.test(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.redirect(301, `${sitePath(req.path)}${searchOf(req.originalUrl)}`);
  });

  app.get('/registry.json', (req, res) => {
    const override = devOverrideFor(req);
    const live = views.forRequest(req).live;
    res.set('Cache-Control', 'no-cache').json(override ? withDevOverride(live, override) : live);
  });
  if (loop) app.use(loop.routes(() => views.forBucket(undefined).live));

  if (metrics)
    app.post(
      '/__errors',
      browserErrorRoute({
        metrics,
        servedRelease: (req, module) => views.forRequest(req).live.modules[module]?.version,
        limits,
        trustProxy: config.TRUST_PROXY,
      }),
    );
  app.use(seoRoutes({ siteUrl: config.SITE_URL, readRegistry: registry, getApi, logger }));

  // Pages are compressed as they are sent; scripts were compressed when they were built.
  app.use(compression());
  const scripts = shellScripts(config.SHELL_DIST, logger);
  const cache =
    config.PAGE_CACHE_ENTRIES > 0
      ? createPageCache({
          maxEntries: config.PAGE_CACHE_ENTRIES,
          stillCurrent: (versions) => stillCurrent(versions, getApi, config.PROXY_TIMEOUT_MS),
        })
      : null;
  const pages = pageResponder({
    compose: pageComposer({
      config: runtimeConfigOf(config),
      siteUrl: config.SITE_URL,
      budgetMs: config.RENDER_BUDGET_MS,
      shellScripts: () => scripts,
      pageModuleFiles: createRemoteAssets((remote, version) => files.versionDir(remote, version)),
      getApi,
      renderer,
      logger,
    }),
    viewFor: views.forRequest,
    modulesFor,
    devOverride: devOverrideFor,
    cache,
    pageHeaders: headersSetBy(pageSecurity),
    siteUrl: config.SITE_URL,
    logger,
  });
  // An address that cannot be decoded names no page.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      res.status(400).type('text/plain').send('This address cannot be read.');
    }
  });
  app.get(/.*/, pages.handleGet);
  app.post(
    /.*/,
    formActions({
      viewFor: views.forRequest,
      cluesOf: (req) => visitorClues(req, searchOf(req.originalUrl)),
      modulesFor,
      sendPage: pages.send,
      siteUrl: config.SITE_URL,
      paymentOrigins: config.PAYMENT_PAGE_ORIGINS,
      logger,
    }),
  );

  app.use(notFoundHandler);
  app.use(problemHandler(logger));

  const api = createApiGateway({
    // Kept-alive connections per service; requests beyond them queue in the pool.
    targets: createServiceTargets(config, endpoints, liveModules, poolOptions(64)),
    metrics,
    tracing,
    logger,
    trustProxy: config.TRUST_PROXY,
    outageHoldMs: config.SERVICE_OUTAGE_HOLD_MS,
    retrySafe: views.isRetrySafe,
    bodyLimitBytes: config.API_BODY_LIMIT,
  });
  const shedder = loadShedder({
    targetMs: config.SHED_TARGET_MS,
    intervalMs: config.SHED_INTERVAL_MS,
    minInFlight: config.SHED_MIN_IN_FLIGHT,
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });
  const shellRelease = process.env.STOREFRONT_RELEASE ?? 'shell';
  const canaryRunning = () => Object.values(registry().modules).some((record) => record.canary);
  return (req, res) => {
    // One target for everything below (the gateway's /api, the page routes): the path, however the
    // request line gave it.
    if (!toOriginForm(req)) {
      return writeProblem(res, {
        status: 400,
        title: 'Bad request',
        detail: 'The request target must be a path.',
      });
    }
    if (!shedder.admit(req, res)) return;
    assignBucket(req, res, canaryRunning(), config.SERVICE_KEY);
    if (req.url?.startsWith('/api/')) return api.handle(req, res);
    metrics?.observe(req, res, () => ({
      module: 'shell',
      release: shellRelease,
      route: req.method === 'POST' ? 'form' : 'page',
      method: req.method ?? 'GET',
    }));
    // A page anyone could have asked for, kept and current: sent without the page app.
    const kept = pages.keptKeyFor(req);
    if (!kept) return app(req, res);
    pages.serveKept(req, res, kept).then(
      (served) => served || app(req, res),
      () => app(req, res),
    );
  };
}
