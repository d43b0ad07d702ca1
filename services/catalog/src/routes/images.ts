import { HttpProblem, type Database } from '@storefront/service-kit';
import { Router } from 'express';
import { drawVial } from '../domain/vial-svg';
import { findVialFacts } from '../store/catalog-store';

/**
 * Product pictures, drawn from the catalogue's data. The path carries the drawing's version (v2), so a
 * picture never changes under its URL and may be cached for a year; an address of the earlier drawing
 * (v1, in pages saved before it changed) is sent on to the current one.
 */
export function imageRoutes(db: Database): Router {
  const router = Router();
  router.get('/images/v1/:productId/:variant.svg', (req, res) => {
    const { productId, variant } = req.params;
    res.redirect(301, `../../v2/${encodeURIComponent(productId)}/${encodeURIComponent(variant)}.svg`);
  });
  router.get('/images/v2/:productId/:variant.svg', async (req, res) => {
    const facts = await findVialFacts(db, req.params.productId, req.params.variant);
    if (!facts) throw new HttpProblem(404, 'Image not found', 'There is no picture at this address.');
    res
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(drawVial(facts));
  });
  return router;
}
