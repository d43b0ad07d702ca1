import { HttpProblem, sendRepresentation } from '@storefront/server-kit';
import { Router } from 'express';
import { findProductPage } from '../domain/product-page';
import { buildCertificatePdf, certificateFileName } from '../render/coa-pdf';
import { pagePath, type ProductSnapshot } from '../product-snapshot';

/** The snapshot the routes answer from, or undefined while the catalogue could not be read yet. */
export type CurrentProducts = () => ProductSnapshot | undefined;

/**
 * Product pages at their exact paths are answered from memory before reaching Express; these routes
 * answer the rest from the same snapshot, say what does not exist, and draw certificates.
 */
export function productRoutes(current: CurrentProducts, shopName: string): Router {
  const router = Router();

  function snapshot(): ProductSnapshot {
    const data = current();
    if (!data) {
      throw new HttpProblem(
        503,
        'Product information unavailable',
        'Product information cannot be loaded right now. Please try again shortly.',
      );
    }
    return data;
  }

  router.get('/products/:id', (req, res) => {
    findProductPage(snapshot(), req.params.id);
    sendRepresentation(req, res, snapshot().published.get(pagePath(req.params.id))!);
  });

  router.get('/products/:id/coa.pdf', async (req, res) => {
    const page = findProductPage(snapshot(), req.params.id);
    const pdf = await buildCertificatePdf(page.product, page.certificate, page.specifications, shopName);
    res
      .type('application/pdf')
      .set(
        'Content-Disposition',
        `attachment; filename="${certificateFileName(page.product.id, page.certificate)}"`,
      )
      .set('Cache-Control', 'public, max-age=3600')
      .send(Buffer.from(pdf));
  });

  return router;
}
