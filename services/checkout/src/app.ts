import { Router } from 'express';
import type { CheckoutParts } from './parts';
import { accountOrderRoutes } from './routes/account-orders';
import { affiliateRoutes } from './routes/affiliates';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { programEventRoutes } from './routes/program-events';
import { webhookRoutes } from './routes/webhooks';

/** Every route of the checkout service; the service's start and its tests build it the same way. */
export function checkoutRoutes(parts: CheckoutParts): Router {
  return Router()
    .use(affiliateRoutes(parts, parts.limits.affiliateAttempts))
    .use(cartRoutes(parts, parts.cookies))
    .use(orderRoutes(parts))
    .use(accountOrderRoutes(parts))
    .use(webhookRoutes(parts))
    .use(programEventRoutes(parts));
}
