import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountParts } from '../parts';
import { invalidInput } from '../domain/auth-failure';
import { userOfToken } from '../domain/sessions';
import { refreshSession, signInWithPassword, signOut } from '../domain/sign-in';
import { resendConfirmation, signUp } from '../domain/sign-up';
import { exchangeSignInGrant, verifyEmail } from '../domain/verify-email';
import { requestRecovery, updatePassword, verifyRecovery } from '../domain/password-recovery';

const bearerToken = (req: Request) => /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
const signOutScope = z.enum(['global', 'local', 'others']).catch('global');

/**
 * supabase-js reads error codes only when X-Supabase-Api-Version says which API version answered; the
 * site's own pages may call from the browser (CORS); and every answer is one person's (no-store).
 */
function supabaseHeaders(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    res.set('X-Supabase-Api-Version', '2024-01-01');
    const origin = req.get('origin');
    if (origin === siteOrigin) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Headers':
          'authorization, apikey, content-type, x-client-info, x-supabase-api-version',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
        'Access-Control-Expose-Headers': 'X-Supabase-Api-Version',
        Vary: 'Origin',
      });
    }
    if (req.method === 'OPTIONS') return res.status(204).end();
    res.set('Cache-Control', 'no-store');
    next();
  };
}

/**
 * The part of the Supabase Auth (GoTrue) API the storefront uses, under /auth/v1, answering in its
 * shapes so that supabase-js works against it unchanged. Each route hands its request to a use case.
 */
export function authRoutes(parts: AccountParts): Router {
  const client = (req: Request) => req.ip ?? 'unknown';
  return Router()
    .use('/auth/v1', supabaseHeaders(parts.settings.siteUrl))
    .post('/auth/v1/signup', async (req, res) => {
      res.json(await signUp(parts, client(req), req.body, req.query.redirect_to));
    })
    .post('/auth/v1/resend', async (req, res) => {
      await resendConfirmation(parts, client(req), req.body, req.query.redirect_to);
      res.json({});
    })
    .post('/auth/v1/token', async (req, res) => {
      if (req.query.grant_type === 'password') {
        return res.json(await signInWithPassword(parts, client(req), req.body));
      }
      if (req.query.grant_type === 'refresh_token') {
        const presented = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
        return res.json(await refreshSession(parts, presented));
      }
      if (req.query.grant_type === 'pkce') return res.json(await exchangeSignInGrant(parts, req.body));
      throw invalidInput('Unsupported grant_type');
    })
    .get('/auth/v1/user', async (req, res) => {
      res.json(await userOfToken(parts, bearerToken(req)));
    })
    .put('/auth/v1/user', async (req, res) => {
      res.json(await updatePassword(parts, client(req), bearerToken(req), req.body));
    })
    .post('/auth/v1/recover', async (req, res) => {
      await requestRecovery(parts, client(req), req.body);
      res.json({});
    })
    .post('/auth/v1/verify', async (req, res) => {
      res.json(await verifyRecovery(parts, req.body));
    })
    .post('/auth/v1/logout', async (req, res) => {
      await signOut(parts, bearerToken(req), signOutScope.parse(req.query.scope));
      res.status(204).end();
    })
    .get('/auth/v1/verify', async (req, res) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      res.redirect(303, (await verifyEmail(parts, token, req.query.redirect_to)).toString());
    });
}
