import { Router } from 'express';
import type { AccountParts } from './parts';
import { authFailureHandler } from './routes/auth-failures';
import { authRoutes } from './routes/auth';

/**
 * Every route of the account service: the Supabase Auth API and, while emails are kept instead of sent,
 * the development mailbox page (its mailer's).
 */
export function accountRoutes(parts: AccountParts): Router {
  const routes = Router().use(authRoutes(parts));
  if (parts.mailer.page) routes.use(parts.mailer.page);
  return routes.use(authFailureHandler);
}
