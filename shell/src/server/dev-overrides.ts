import type { IncomingMessage } from 'node:http';
import type { PublicRegistry } from '@storefront/artifact-store';
import { Router, type RequestHandler } from 'express';

/**
 * The one-module loop (`npm run dev -- <module>`): one browser asks this shell, by a cookie, to load one
 * module from a developer's dev server on this machine instead of its live version. Only a shell started
 * with DEV_MODULE_OVERRIDES=on honours it (`npm start` does; deployments never set it), and only for a
 * loopback origin, so a shopper's cookie can never bring scripts from elsewhere into the page.
 */
export const DEV_OVERRIDE_COOKIE = 'storefront-dev-module';

export interface DevOverride {
  module: string;
  /** The dev server, e.g. http://127.0.0.1:3500: the module's remoteEntry.js and the shell's development build. */
  origin: string;
}

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;
const MODULE_NAME = /^[a-z][a-z0-9-]{0,40}$/;

function parseOverride(value: string): DevOverride | null {
  const at = value.indexOf('@');
  if (at < 1) return null;
  const override = { module: value.slice(0, at), origin: value.slice(at + 1) };
  return MODULE_NAME.test(override.module) && LOOPBACK_ORIGIN.test(override.origin) ? override : null;
}

/** The cookie's value, decoded; null without one, or when it is not valid percent-encoding. */
function overrideCookie(req: IncomingMessage): string | null {
  for (const cookie of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = cookie.trim().split('=');
    if (name !== DEV_OVERRIDE_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

const overrides = new WeakMap<IncomingMessage, DevOverride>();

/**
 * Reads the override a request carries, once, for its Content-Security-Policy, its registry and its
 * page (`devOverrideFor`): a live module and a loopback dev server, else none. Without the cookie, which
 * is every request but a developer's, it costs a look at one header.
 */
export function recordDevOverride(isLive: (module: string) => boolean): RequestHandler {
  return (req, _res, next) => {
    const cookie = overrideCookie(req);
    const override = cookie === null ? null : parseOverride(cookie);
    if (override && isLive(override.module)) overrides.set(req, override);
    next();
  };
}

/** The override `recordDevOverride` found on this request, if any. */
export const devOverrideFor = (req: IncomingMessage): DevOverride | null => overrides.get(req) ?? null;

/**
 * The registry as this browser sees it: the module at the dev server, its pages rendered in the browser
 * (the shell's server cannot run a build that exists only in the dev server's memory).
 */
export function withDevOverride(registry: PublicRegistry, { module, origin }: DevOverride): PublicRegistry {
  const live = registry.modules[module]!;
  return {
    modules: {
      ...registry.modules,
      [module]: {
        version: 'dev',
        entry: `${origin}/remoteEntry.js`,
        routes: live.routes.map((route) => ({ ...route, render: 'client' as const })),
      },
    },
  };
}

/**
 * The shell's development build, which the dev server serves (React's development build, for Refresh),
 * in the folder packages/mf-config names DEV_SHELL_FOLDER (a build-time package the server does not load).
 */
export const devShellScripts = ({ origin }: DevOverride): string[] => [`${origin}/shell/main.js`];

/** Sources a page with this override may use beyond its own: the dev server, and its update socket. */
export function devSources({ origin }: DevOverride): string[] {
  return [origin, origin.replace(/^http:/, 'ws:')];
}

/**
 * GET /__dev/modules/<module>?origin=<dev server> points this browser at the dev server (it goes home),
 * GET /__dev/modules/clear points it back at the live versions.
 */
export function devOverrideRoutes(registry: () => PublicRegistry): Router {
  const router = Router();
  router.get('/__dev/modules/clear', (_req, res) => {
    res.clearCookie(DEV_OVERRIDE_COOKIE, { path: '/' }).redirect(303, '/');
  });
  router.get('/__dev/modules/:module', (req, res) => {
    const origin = typeof req.query.origin === 'string' ? req.query.origin : '';
    const override = parseOverride(`${req.params.module}@${origin}`);
    if (!override || !registry().modules[override.module]) {
      res
        .status(400)
        .type('text/plain')
        .send(
          'Give a live module and a loopback dev server: /__dev/modules/catalog?origin=http://127.0.0.1:3500',
        );
      return;
    }
    res
      .cookie(DEV_OVERRIDE_COOKIE, `${override.module}@${override.origin}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
      })
      .redirect(303, '/');
  });
  return router;
}
