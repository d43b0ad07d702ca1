import { HttpProblem, sendRepresentation } from '@storefront/server-kit';
import { Router } from 'express';
import { paths, type CurrentCatalog } from '../catalog-snapshot';

/**
 * Product pictures, drawn from the catalogue's data. The path carries the drawing's version (v2), so a
 * picture never changes under its URL and may be cached for a year; an address of the earlier drawing
 * (v1, in pages saved before it changed) is sent on to the current one.
 */
export function imageRoutes(current: CurrentCatalog): Router {
  const router = Router();
  router.get('/images/v1/:productId/:variant.svg', (req, res) => {
    const { productId, variant } = req.params;
    res.redirect(301, `../../v2/${encodeURIComponent(productId)}/${encodeURIComponent(variant)}.svg`);
  });
  router.get('/images/v2/:productId/:variant.svg', (req, res) => {
    const picture = current().published.get(paths.image(req.params.productId, req.params.variant));
    if (!picture) throw new HttpProblem(404, 'Image not found', 'There is no picture at this address.');
    sendRepresentation(req, res, picture);
  });
  return router;
}
