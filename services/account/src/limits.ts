import { FailureBackoff, Limiter, type LimitStore } from '@storefront/server-kit';
import type { AccountLimits, AuthSettings } from './parts';

/** The account service's limits, from its settings, kept in `store` (shared by every instance). */
export function accountLimits(settings: AuthSettings, store: LimitStore): AccountLimits {
  const window = { windowMs: settings.limitWindowMs };
  return {
    failedSignInsPerAccount: new Limiter(
      'sign-in-failures-per-account',
      { limit: settings.signInLimitPerEmail, ...window },
      store,
    ),
    failedSignInsEverywhere: new FailureBackoff('sign-in-failures-everywhere', settings.signInBackoff, store),
    failedSignInsPerClient: new Limiter(
      'sign-in-failures-per-client',
      { limit: settings.signInLimitPerClient, ...window },
      store,
    ),
    emailSendsPerClient: new Limiter(
      'email-sends-per-client',
      { limit: settings.signUpLimitPerClient, ...window },
      store,
    ),
    resendsPerEmail: new Limiter(
      'resends-per-email',
      { limit: 1, windowMs: settings.resendIntervalMs },
      store,
    ),
    recoveriesPerEmail: new Limiter(
      'recoveries-per-email',
      { limit: 1, windowMs: settings.resendIntervalMs },
      store,
    ),
  };
}
