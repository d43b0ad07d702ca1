import { Limiter, memoryLimits, type Database, type LimitStore, type Logger } from '@storefront/service-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { AuthError, authErrorHandler, invalidCredentials } from '../auth-error';
import type { Mailer } from '../mailer';
import { hashPassword, verifyPassword } from '../passwords';
import { confirmEmail, createConfirmation } from '../store/confirmations-store';
import { isSessionActive, revokeSessions, rotateRefreshToken, startSession } from '../store/sessions-store';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRow } from '../store/users-store';
import type { AccessClaims, AccessTokens } from '../tokens';

export interface AuthSettings {
  siteUrl: string;
  /** Where this API is reached from outside (links in emails point here). */
  publicUrl: string;
  signInLimitPerEmail: number;
  signInLimitPerClient: number;
  signUpLimitPerClient: number;
  limitWindowMs: number;
  /** The least time between two confirmation emails resent to one address. */
  resendIntervalMs: number;
  /**
   * How long a used refresh token may be presented again and still refresh (as Supabase's
   * REFRESH_TOKEN_REUSE_INTERVAL): two tabs refreshing at once both keep the session.
   */
  refreshReuseIntervalMs: number;
}

const MIN_PASSWORD = 6;
const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1).max(1024),
});
const signUpSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
  data: z.record(z.string(), z.unknown()).optional(),
});

const resendSchema = z.object({
  type: z.literal('signup'),
  email: z.string().trim().toLowerCase().pipe(z.email()),
});

const badRequest = (message: string) => new AuthError(400, 'validation_failed', message);
const rateLimited = (retryAfter: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    'Retry-After': String(retryAfter),
  });

/**
 * The part of the Supabase Auth (GoTrue) API the storefront uses, under /auth/v1, answering in its
 * shapes so that supabase-js works against it unchanged.
 */
export function authRoutes(
  db: Database,
  {
    tokens,
    mailer,
    logger,
    settings,
    limits = memoryLimits,
  }: { tokens: AccessTokens; mailer: Mailer; logger: Logger; settings: AuthSettings; limits?: LimitStore },
): Router {
  const router = Router();
  // Sign-in limits count failures only. Per account they count per client too, so a stranger's wrong
  // passwords never lock out the owner's right one from elsewhere; per client they cap one address's
  // guesses across all accounts.
  const failedSignInsPerAccount = new Limiter(
    'sign-in-failures-per-account',
    { limit: settings.signInLimitPerEmail, windowMs: settings.limitWindowMs },
    limits,
  );
  const failedSignInsPerClient = new Limiter(
    'sign-in-failures-per-client',
    { limit: settings.signInLimitPerClient, windowMs: settings.limitWindowMs },
    limits,
  );
  // Sign-ups and resends both send an email: one budget per client for the two.
  const emailSendsPerClient = new Limiter(
    'email-sends-per-client',
    { limit: settings.signUpLimitPerClient, windowMs: settings.limitWindowMs },
    limits,
  );
  const resendsPerEmail = new Limiter(
    'resends-per-email',
    { limit: 1, windowMs: settings.resendIntervalMs },
    limits,
  );
  const siteOrigin = new URL(settings.siteUrl).origin;

  // supabase-js reads error codes only when this header says which API version answered.
  router.use('/auth/v1', (req, res, next) => {
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
    // Every answer here is one person's: a token, a user, or what happened to their email.
    res.set('Cache-Control', 'no-store');
    next();
  });

  /** A redirect target on this site, or the site itself. */
  const safeRedirect = (target: unknown) => {
    if (typeof target !== 'string') return settings.siteUrl;
    try {
      return new URL(target).origin === siteOrigin ? target : settings.siteUrl;
    } catch {
      return settings.siteUrl;
    }
  };

  async function sendConfirmation(user: UserRow, redirectTo: unknown) {
    const token = await createConfirmation(db, user.id, safeRedirect(redirectTo));
    const link = `${settings.publicUrl}/auth/v1/verify?token=${token}&type=signup`;
    await mailer.send({
      to: user.email,
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your account:\n\n${link}\n\nIf you did not sign up, ignore this message.`,
      link,
    });
  }

  async function sessionResponse(user: UserRow, sessionId: string, refreshToken: string) {
    const { token, expiresAt } = await tokens.sign({
      sub: user.id,
      email: user.email,
      session_id: sessionId,
    });
    const current = (await findUserById(db, user.id))!;
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: tokens.ttlSeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(current),
    };
  }

  async function bearerClaims(req: Request): Promise<AccessClaims> {
    const token = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims: AccessClaims;
    try {
      claims = await tokens.verify(token);
    } catch {
      throw new AuthError(
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token is invalid or expired',
      );
    }
    if (!(await isSessionActive(db, claims.session_id))) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return claims;
  }

  router.post('/auth/v1/signup', async (req, res) => {
    const retryAfter = await emailSendsPerClient.hit(`client:${req.ip}`);
    if (retryAfter !== null) throw rateLimited(retryAfter);
    const parsed = signUpSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest('Signup requires a valid email and password');
    const { email, password, data } = parsed.data;
    if (!z.email().safeParse(email).success) {
      throw new AuthError(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
    }
    if (password.length < MIN_PASSWORD) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`);
    }
    const user = await insertUser(db, {
      email,
      passwordHash: await hashPassword(password),
      metadata: data ?? {},
    });
    if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered');
    await sendConfirmation(user, req.query.redirect_to);
    res.json(userJson(user));
  });

  /**
   * A fresh confirmation link for an account not yet confirmed (the first may be lost or expired). The
   * answer is the same whether or not such an account exists, so it tells strangers nothing.
   */
  router.post('/auth/v1/resend', async (req, res) => {
    const parsed = resendSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest('Resend requires type signup and a valid email');
    const { email } = parsed.data;
    const limited = await emailSendsPerClient.hit(`client:${req.ip}`);
    if (limited !== null) throw rateLimited(limited);
    const tooSoon = await resendsPerEmail.hit(`email:${email}`);
    if (tooSoon !== null) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${tooSoon} seconds.`,
        { 'Retry-After': String(tooSoon) },
      );
    }
    const user = await findUserByEmail(db, email);
    if (user && !user.email_confirmed_at) await sendConfirmation(user, req.query.redirect_to);
    res.json({});
  });

  router.post('/auth/v1/token', async (req, res) => {
    if (req.query.grant_type === 'password') {
      const parsed = credentialsSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw invalidCredentials();
      const { email, password } = parsed.data;
      const client = `client:${req.ip}`;
      const account = `email:${email.toLowerCase()} ${client}`;
      const limited =
        (await failedSignInsPerClient.refusal(client)) ?? (await failedSignInsPerAccount.refusal(account));
      if (limited !== null) throw rateLimited(limited);
      const user = await findUserByEmail(db, email);
      if (!(await verifyPassword(password, user?.password_hash ?? null)) || !user) {
        logger.info({ event: 'sign_in_refused' }, 'sign-in refused');
        await Promise.all([failedSignInsPerClient.hit(client), failedSignInsPerAccount.hit(account)]);
        throw invalidCredentials();
      }
      await failedSignInsPerAccount.forget(account);
      // Only after the password: otherwise this would tell strangers which emails have accounts.
      if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      const { sessionId, refreshToken } = await startSession(db, user.id);
      return res.json(await sessionResponse(user, sessionId, refreshToken));
    }
    if (req.query.grant_type === 'refresh_token') {
      const presented = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
      if (typeof presented !== 'string' || !presented) {
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      const outcome = await rotateRefreshToken(db, presented, settings.refreshReuseIntervalMs);
      if (outcome.kind === 'reused') {
        logger.warn(
          { event: 'refresh_token_reused' },
          'a used refresh token came back: its session is revoked',
        );
        throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      if (outcome.kind === 'revoked')
        throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Expired');
      if (outcome.kind === 'not_found') {
        throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      const user = (await findUserById(db, outcome.userId))!;
      return res.json(await sessionResponse(user, outcome.sessionId, outcome.refreshToken));
    }
    throw new AuthError(400, 'validation_failed', 'Unsupported grant_type');
  });

  router.get('/auth/v1/user', async (req, res) => {
    const claims = await bearerClaims(req);
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    res.json(userJson(user));
  });

  router.post('/auth/v1/logout', async (req, res) => {
    const claims = await bearerClaims(req);
    const scope = z.enum(['global', 'local', 'others']).catch('global').parse(req.query.scope);
    await revokeSessions(db, { userId: claims.sub, sessionId: claims.session_id, scope });
    res.status(204).end();
  });

  router.get('/auth/v1/verify', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const confirmed = token ? await confirmEmail(db, token) : null;
    const target = new URL(safeRedirect(confirmed?.redirectTo ?? req.query.redirect_to));
    if (confirmed) {
      // As Supabase does, the confirmed researcher arrives signed in: the new session rides in the
      // fragment (never sent to a server), where supabase-js takes it from (detectSessionInUrl).
      const user = (await findUserById(db, confirmed.userId))!;
      const { sessionId, refreshToken } = await startSession(db, user.id);
      const session = await sessionResponse(user, sessionId, refreshToken);
      target.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: 'signup',
      }).toString();
    } else {
      target.hash = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }).toString();
    }
    res.redirect(303, target.toString());
  });

  router.use(authErrorHandler);
  return router;
}
