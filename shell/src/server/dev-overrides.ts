import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { PublicRegistry } from '@storefront/artifact-store';
import express, { Router } from 'express';
import { z } from 'zod';
import { cookiesOf } from './cookies';
import { fromThisOrigin } from './same-origin';

/**
 * The one-module loop (`npm run dev -- <module>`): one developer's browser loads one module from the
 * dev server on this machine instead of its live version.
 *
 * Only the dev command can start it. While it runs it writes a session file (the module, its dev
 * server, a random token) where `npm start` told the shell to look (DEV_SESSION_FILE, never set in
 * production, which refuses it). A browser joins by POSTing the token the command printed, from a page
 * of this shell (same origin), and gets it back as an httpOnly, SameSite=Strict cookie. So no other site
 * can opt a shopper in (a link or a form cannot carry the token, and the origin check refuses it), no
 * request can name the origin scripts come from (the session does), and the whole loop ends when the
 * dev command does. The override replaces the scripts of that one module; the shell's own development
 * build comes from this origin.
 */
export const DEV_OVERRIDE_COOKIE = 'storefront-dev-module';

/** Where the shell serves its own development build (React's development build, which Refresh needs). */
export const DEV_SHELL_PATH = '/__dev/shell';

export interface DevOverride {
  module: string;
  /** The dev server, e.g. http://127.0.0.1:3500, serving the module's remoteEntry.js. */
  origin: string;
}

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;

export const devSessionSchema = z.object({
  module: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/),
  origin: z.string().regex(LOOPBACK_ORIGIN, 'must be a loopback http origin'),
  token: z.string().min(32),
});
export type DevSession = z.infer<typeof devSessionSchema>;

/** How long a read of the session file is trusted: a developer's requests never each read the disk. */
const SESSION_READ_TTL_MS = 500;

/** The dev command's current session, read from its file (none when there is no file or it is malformed). */
function sessionReader(file: string): () => DevSession | null {
  let read = { at: -Infinity, session: null as DevSession | null };
  return () => {
    const now = Date.now();
    if (now - read.at < SESSION_READ_TTL_MS) return read.session;
    let session: DevSession | null;
    try {
      const parsed = devSessionSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      session = parsed.success ? parsed.data : null;
    } catch {
      session = null; // no file: no dev command running
    }
    read = { at: now, session };
    return session;
  };
}

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

export interface DevOverrides {
  /** The override this request carries, if its cookie holds the running session's token. */
  overrideFor(req: IncomingMessage): DevOverride | null;
  /** The opt-in page and its form, the way back, and the shell's development build. */
  routes(registry: () => PublicRegistry): Router;
}

/** The one-module loop of a shell whose `npm start` named a session file; null without one. */
export function devOverrides(sessionFile: string | undefined, devShellDist: string): DevOverrides | null {
  if (!sessionFile) return null;
  const session = sessionReader(sessionFile);

  const overrideFor = (req: IncomingMessage): DevOverride | null => {
    const token = cookiesOf(req).get(DEV_OVERRIDE_COOKIE);
    if (!token) return null;
    const current = session();
    if (!current || !sameSecret(token, current.token)) return null;
    return { module: current.module, origin: current.origin };
  };

  const routes = (registry: () => PublicRegistry) => {
    const router = Router();
    const form = express.urlencoded({ extended: false, limit: '1kb' });
    const refuse = (res: express.Response, status: number, text: string) =>
      res.status(status).type('text/plain').send(text);

    const page = (title: string, body: string) =>
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title>` +
      `<body style="font:16px system-ui;max-width:40rem;margin:3rem auto"><h1>${title}</h1>${body}</body></html>`;

    router.get('/__dev/modules/clear', (_req, res) => {
      res
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(
          page(
            'Back to the live versions',
            `<form method="post"><button type="submit">Load every module's live version</button></form>`,
          ),
        );
    });

    router.get('/__dev/modules/:module', (req, res) => {
      const current = session();
      if (!current || current.module !== req.params.module) {
        return refuse(res, 404, 'No `npm run dev` session serves that module on this machine.');
      }
      // The dev command prints this address with its token; the form carries it on to the POST, which
      // alone sets the cookie (a link from elsewhere cannot, and cannot know the token).
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      res
        .type('html')
        .set('Cache-Control', 'no-store')
        .send(
          page(
            `Load ${current.module} from the dev server`,
            `<p>This browser only will load the ${current.module} module from ${current.origin}, with React Refresh, until the dev command stops.</p>` +
              `<form method="post"><label>Token printed by npm run dev <input name="token" value="${token.replace(/[^A-Za-z0-9_-]/g, '')}" required></label> ` +
              `<button type="submit">Load ${current.module}</button></form>`,
          ),
        );
    });

    router.post('/__dev/modules/clear', form, (req, res) => {
      if (!fromThisOrigin(req)) return refuse(res, 403, 'Only a page of this shop can do that.');
      res.clearCookie(DEV_OVERRIDE_COOKIE, { path: '/' }).redirect(303, '/');
    });

    router.post('/__dev/modules/:module', form, (req, res) => {
      const current = session();
      const token = typeof req.body?.token === 'string' ? req.body.token : '';
      if (!fromThisOrigin(req)) return refuse(res, 403, 'Only a page of this shop can do that.');
      if (!current || current.module !== req.params.module || !registry().modules[current.module]) {
        return refuse(res, 404, 'No `npm run dev` session serves that module on this machine.');
      }
      if (!sameSecret(token, current.token))
        return refuse(res, 403, 'That is not the token npm run dev printed.');
      res
        .cookie(DEV_OVERRIDE_COOKIE, current.token, { path: '/', httpOnly: true, sameSite: 'strict' })
        .redirect(303, '/');
    });

    // The shell's development build, only for a browser in the loop.
    const devShell = express.static(devShellDist, { index: false });
    router.use(DEV_SHELL_PATH, (req, res, next) => (overrideFor(req) ? devShell(req, res, next) : next()));
    return router;
  };

  return { overrideFor, routes };
}

/**
 * The registry as this browser sees it: the module at the dev server, its pages rendered in the browser
 * (the shell's server cannot run a build that exists only in the dev server's memory).
 */
export function withDevOverride(registry: PublicRegistry, { module, origin }: DevOverride): PublicRegistry {
  const live = registry.modules[module];
  if (!live) return registry;
  return {
    modules: {
      ...registry.modules,
      [module]: {
        ...live,
        version: 'dev',
        entry: `${origin}/remoteEntry.js`,
        routes: live.routes.map((route) => ({ ...route, render: 'client' as const })),
      },
    },
  };
}

/** The shell's development build, served by this shell (the dev command builds it into DEV_SHELL_DIST). */
export const devShellScripts = (): string[] => [`${DEV_SHELL_PATH}/main.js`];

/** Sources a page with this override may use beyond its own: the dev server, and its update socket. */
export function devSources({ origin }: DevOverride): string[] {
  return [origin, origin.replace(/^http:/, 'ws:')];
}
