import { handoffEndedCookies, SESSION_HANDOFF } from '@storefront/commerce/account';
import { cookieValue } from '@storefront/server-kit';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';

/** What the sign-in form's server code left in the handoff cookie: a session as supabase-js keeps one. */
const handedOffSession = z
  .object({ access_token: z.string().min(1), refresh_token: z.string().min(1) })
  .passthrough();

/** The session in the cookie's value, when it holds one (a value written by hand may hold anything). */
function handedOffSessionOf(value: string | null) {
  try {
    return value ? handedOffSession.parse(JSON.parse(decodeURIComponent(value))) : null;
  } catch {
    return null;
  }
}

/**
 * The handoff of a session the server signed in (SESSION_HANDOFF): POST answers the session waiting in
 * the httpOnly cookie, DELETE ends the handoff once the page's auth client has kept it. Both answer only
 * the site's own pages (the Origin a browser sends with them), and nothing is ever cached.
 */
export function sessionHandoffRoutes(siteUrl: string): Router {
  const siteOrigin = new URL(siteUrl).origin;
  const secure = siteOrigin.startsWith('https:');
  const fromSite = (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    if (req.get('origin') === siteOrigin) return true;
    res.status(403).json({ error: 'forbidden', message: 'Only the site itself takes a session over.' });
    return false;
  };
  return Router()
    .post(SESSION_HANDOFF.route, (req, res) => {
      if (!fromSite(req, res)) return;
      const session = handedOffSessionOf(cookieValue(req, SESSION_HANDOFF.sessionCookie));
      if (!session) return res.status(404).json({ error: 'not_found', message: 'No session waits here.' });
      res.json(session);
    })
    .delete(SESSION_HANDOFF.route, (req, res) => {
      if (!fromSite(req, res)) return;
      res.set('Set-Cookie', handoffEndedCookies(secure));
      res.status(204).end();
    });
}
