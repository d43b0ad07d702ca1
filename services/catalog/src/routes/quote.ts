import { quoteRequestSchema } from '@storefront/commerce';
import { HttpProblem, parseInput, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { priceQuote } from '../domain/quote';
import { findPrices } from '../store/catalog-store';

/**
 * For other services only (the shell does not proxy /internal): prices order lines from one channel's
 * price list. Unknown product/dose combinations are refused with 422, never priced at zero.
 */
export function quoteRoutes(db: Database): Router {
  const router = Router();
  router.post('/internal/quote', async (req, res) => {
    const request = parseInput(quoteRequestSchema, req.body);
    const outcome = priceQuote(request, await findPrices(db, request.channel, request.lines));
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
