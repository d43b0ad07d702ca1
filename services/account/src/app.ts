import { Router } from 'express';
import type { AccountParts } from './domain/account-parts';
import { authFailureHandler } from './routes/auth-failures';
import { authRoutes } from './routes/auth';
import { devMailboxRoutes } from './routes/dev-mailbox';

/**
 * Every route of the account service: the Supabase Auth API and, while emails are kept instead of sent,
 * the development mailbox page.
 */
export function accountRoutes(parts: AccountParts, { devMailbox }: { devMailbox: boolean }): Router {
  const routes = Router().use(authRoutes(parts));
  if (devMailbox) routes.use(devMailboxRoutes(parts.db));
  return routes.use(authFailureHandler);
}
