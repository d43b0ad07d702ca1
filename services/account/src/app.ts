import { Router } from 'express';
import type { AccountParts } from './parts';
import { authFailureHandler } from './routes/auth-failures';
import { authRoutes } from './routes/auth';
import { sessionHandoffRoutes } from './routes/session-handoff';

/**
 * Every route of the account service: the Supabase Auth API, the handoff of a session the server signed
 * in to the next page's scripts and, while emails are kept instead of sent, the development mailbox page.
 */
export function accountRoutes(parts: AccountParts): Router {
  const routes = Router().use(authRoutes(parts)).use(sessionHandoffRoutes(parts.settings.siteUrl));
  if (parts.mailer.page) routes.use(parts.mailer.page);
  return routes.use(authFailureHandler);
}
