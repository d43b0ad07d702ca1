import path from 'node:path';
import { toPublicRegistry, type ArtifactStore } from '@storefront/artifact-store';
import { notFoundHandler, problemHandler, requestLogging, type Logger } from '@storefront/service-kit';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import { apiProxy } from './api-proxy';
import { SERVICE_MODULES, serviceUrl, type ShellConfig } from './config';

const HASHED_ASSET = /\.[0-9a-f]{10}\.js$/;

/**
 * The shell's server: its own bundle, the registry, the versioned remote builds, the browser's runtime
 * configuration, /api/<module> proxied to each service, and the single-page fallback.
 */
export function createShellServer(
  config: ShellConfig,
  store: Pick<ArtifactStore, 'readRegistry' | 'remotesRoot'>,
  logger: Logger,
) {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'"],
          // styled-components writes its rules into <style> elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...(config.SUPABASE_URL ? [new URL(config.SUPABASE_URL).origin] : [])],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(requestLogging(logger, { autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') } }));

  // Service-to-service endpoints (/api/<module>/internal/...) are never reachable from the browser.
  app.use('/api', (req, res, next) =>
    /^\/[^/]+\/internal(\/|$)/i.test(req.path) ? notFoundHandler(req, res, next) : next(),
  );
  for (const module of SERVICE_MODULES) {
    app.use(`/api/${module}`, apiProxy(module, serviceUrl(config, module), config.PROXY_TIMEOUT_MS, logger));
  }
  app.use('/api', notFoundHandler);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'shell' });
  });

  app.get('/registry.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(toPublicRegistry(store.readRegistry()));
  });

  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({
      shopName: config.SHOP_NAME,
      contactEmail: config.CONTACT_EMAIL,
      contactPhone: config.CONTACT_PHONE,
      authUrl: config.SUPABASE_URL ?? '/api/account',
      authAnonKey: config.SUPABASE_ANON_KEY,
    });
  });

  // A published version never changes, so its files may be cached for a year.
  app.use(
    '/remotes',
    compression(),
    express.static(store.remotesRoot, { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
    notFoundHandler,
  );

  app.use(
    compression(),
    express.static(config.SHELL_DIST, {
      index: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'Cache-Control',
          HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );

  app.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.set('Cache-Control', 'no-cache').sendFile(path.join(config.SHELL_DIST, 'index.html'));
  });

  app.use(notFoundHandler);
  app.use(problemHandler(logger, '0kb'));
  return app;
}
