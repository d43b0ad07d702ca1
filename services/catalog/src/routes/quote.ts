import { quoteRequestSchema } from '@storefront/commerce/catalog';
import { HttpProblem, parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import type { CurrentCatalog } from '../catalog-snapshot';
import { priceQuote } from '../domain/quote';

/**
 * For other services only (the shell does not proxy /internal): prices order lines from one channel's
 * price list. Unknown product/dose combinations are refused with 422, never priced at zero.
 */
export function quoteRoutes(current: CurrentCatalog): Router {
  const router = Router();
  router.post('/internal/quote', (req, res) => {
    const request = parseInput(quoteRequestSchema, req.body);
    const outcome = priceQuote(request, current().priceOf);
    if (!outcome.ok) {
      throw new HttpProblem(
        422,
        'Not for sale',
        outcome.errors.map((e) => e.message).join(' '),
        outcome.errors,
      );
    }
    res.json(outcome.quote);
  });
  return router;
}
