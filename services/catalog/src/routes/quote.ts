import { quoteRequestSchema, type PriceListLease } from '@storefront/commerce/catalog';
import { priceQuote, unpricedDetail } from '@storefront/commerce/price-list';
import { HttpProblem, parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import type { CurrentCatalog } from '../catalog-snapshot';
import type { PriceLeases } from '../price-leases';

/**
 * For other services only (the shell does not proxy /internal): prices order lines from one channel's
 * price list, or lends every price list for a lease. Unknown product/dose combinations are refused with
 * 422, never priced at zero.
 */
export function quoteRoutes(current: CurrentCatalog, leases: PriceLeases): Router {
  const router = Router();
  router.post('/internal/quote', (req, res) => {
    const request = parseInput(quoteRequestSchema, req.body);
    const outcome = priceQuote(request, current().priceOf);
    if (!outcome.ok) {
      throw new HttpProblem(422, 'Not for sale', unpricedDetail(outcome.errors), outcome.errors);
    }
    res.json(outcome.quote);
  });
  router.get('/internal/price-list', (_req, res) => {
    // The snapshot first: nothing is lent from the moment before the first load.
    const { prices } = current();
    const leaseMs = leases.grant();
    if (leaseMs === null)
      throw new HttpProblem(
        409,
        'Prices changing',
        'A change of prices is being made current: price each order by a quote meanwhile.',
      );
    const lease: PriceListLease = { leaseMs, prices: [...prices] };
    res.set('cache-control', 'no-store').json(lease);
  });
  return router;
}
