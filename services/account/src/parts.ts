import type {
  BackoffOptions,
  Database,
  FailureBackoff,
  Limiter,
  Logger,
} from '@storefront/server-kit/domain';
import type { Mailer } from './mailer';
import type { AccessTokens } from './tokens';

export interface AuthSettings {
  siteUrl: string;
  /** Where this API is reached from outside (links in emails point here). */
  publicUrl: string;
  signInLimitPerEmail: number;
  signInLimitPerClient: number;
  /** How failed sign-ins at one account, from every address, are slowed. */
  signInBackoff: BackoffOptions;
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

/** The limits the use cases count attempts against (limits.ts builds them from the settings). */
export interface AccountLimits {
  /** Failed sign-ins per account and client: a stranger's guesses never lock out the owner elsewhere. */
  failedSignInsPerAccount: Limiter;
  /** Failed sign-ins per account from every address together: slowed, never refused outright. */
  failedSignInsEverywhere: FailureBackoff;
  /** Failed sign-ins per client, across every account: one address's guesses in all. */
  failedSignInsPerClient: Limiter;
  /** Sign-ups and resends per client: both send an email, from one budget. */
  emailSendsPerClient: Limiter;
  /** Resent confirmations per address. */
  resendsPerEmail: Limiter;
  /** Password recovery links per address (an address without an account counts the same). */
  recoveriesPerEmail: Limiter;
}

/** What every use case of the account service works with. */
export interface AccountParts {
  db: Database;
  tokens: AccessTokens;
  mailer: Mailer;
  logger: Logger;
  settings: AuthSettings;
  limits: AccountLimits;
}
