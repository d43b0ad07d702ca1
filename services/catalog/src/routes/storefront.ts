import type { SalesChannel } from '@storefront/commerce';
import { z } from 'zod';
import { HttpProblem, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { findCheckoutProduct, listHomeProducts, loadCatalogue } from '../store/catalog-store';

/** The channels whose checkout pages ask for their products: the dedicated ones and the generic one. */
const CHECKOUT_CHANNELS = ['storefront', 'quick-checkout'] as const satisfies readonly SalesChannel[];
const checkoutChannelSchema = z.enum(CHECKOUT_CHANNELS);

/** The public read API of the catalog module (behind the shell at /api/catalog). */
export function storefrontRoutes(db: Database): Router {
  const router = Router();
  router.get('/home-products', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json({ products: await listHomeProducts(db) });
  });
  router.get('/catalogue', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60').json(await loadCatalogue(db));
  });
  router.get('/checkout-products/:channel/:productId', async (req, res) => {
    const channel = checkoutChannelSchema.safeParse(req.params.channel);
    const product = channel.success
      ? await findCheckoutProduct(db, channel.data, req.params.productId)
      : null;
    if (!product) throw new HttpProblem(404, 'Product not found', 'No checkout sells that product.');
    res.set('Cache-Control', 'public, max-age=60').json(product);
  });
  return router;
}
