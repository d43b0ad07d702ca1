import type { Database, Logger } from '@storefront/server-kit';
import type { AccountSessions } from '@storefront/server-kit';
import type { CatalogPricing } from './catalog-client';
import type { CheckoutLimits } from './domain/caller';
import type { PaymentGateway } from './payments/square-gateway';
import type { CookieSettings } from './routes/cookies';
import type { Relay } from '@storefront/server-kit';
import type { WebhookSettings } from './routes/webhooks';

/** What the checkout service is made of: its database, the systems it asks, and its budgets. */
export interface CheckoutParts {
  db: Database;
  pricing: CatalogPricing;
  accounts: AccountSessions;
  cookies: CookieSettings;
  /** Sends the affiliate program what it has not heard of yet (the outbox of program_events). */
  programEvents: Pick<Relay, 'nudge'>;
  payments: PaymentGateway;
  limits: CheckoutLimits;
  webhooks: WebhookSettings;
  logger: Logger;
  /** The seller its invoices name (SHOP_NAME). */
  shopName: string;
  /** How long a use case safe to repeat waits out the database restarting. */
  outageHoldMs: number;
}
