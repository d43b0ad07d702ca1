import type { Database, Logger } from '@storefront/server-kit';
import { Router } from 'express';
import type { AccountSessions } from './account-sessions';
import type { CatalogPricing } from './catalog-client';
import type { CheckoutLimits } from './domain/caller';
import type { PaymentGateway } from './payments/square-gateway';
import { affiliateRoutes } from './routes/affiliates';
import { cartRoutes, type CartCookieSettings } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { webhookRoutes, type WebhookSettings } from './routes/webhooks';

/** What the checkout service is made of: its database, the systems it asks, and its budgets. */
export interface CheckoutParts {
  db: Database;
  pricing: CatalogPricing;
  accounts: AccountSessions;
  cartCookie: CartCookieSettings;
  payments: PaymentGateway;
  limits: CheckoutLimits;
  webhooks: WebhookSettings;
  logger: Logger;
  /** How long a use case safe to repeat waits out the database restarting. */
  outageHoldMs: number;
}

/** Every route of the checkout service; the service's start and its tests build it the same way. */
export function checkoutRoutes(parts: CheckoutParts): Router {
  return Router()
    .use(affiliateRoutes(parts.db, parts.limits.affiliateAttempts))
    .use(cartRoutes(parts, parts.cartCookie))
    .use(orderRoutes(parts))
    .use(webhookRoutes(parts.db, parts.webhooks, parts.logger));
}
