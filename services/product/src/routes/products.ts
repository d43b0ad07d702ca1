import type { ProductPage } from '@storefront/commerce';
import { HttpProblem, type Database } from '@storefront/service-kit';
import { Router, type Request } from 'express';
import type { CatalogClient } from '../catalog-client';
import { buildCertificatePdf, certificateFileName } from '../domain/coa-pdf';
import { findDetail, type ProductDetail } from '../store/details-store';

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

export function productRoutes(db: Database, catalog: CatalogClient, shopName: string): Router {
  const router = Router();

  /** The record and the catalogue's view of the product and its related products, or 404. */
  async function loadPage(
    req: Request<{ id: string }>,
  ): Promise<{ page: ProductPage; detail: ProductDetail }> {
    const { id } = req.params;
    const detail = PRODUCT_ID.test(id) ? await findDetail(db, id) : null;
    if (!detail) throw new HttpProblem(404, 'Product not found', `There is no product "${id}".`);
    const summaries = await catalog.summaries([id, ...detail.relatedIds], String(req.id));
    const product = summaries.find((s) => s.id === id);
    if (!product) throw new HttpProblem(404, 'Product not found', `"${id}" is not for sale.`);
    const related = detail.relatedIds.flatMap((relatedId) => {
      const summary = summaries.find((s) => s.id === relatedId);
      return summary
        ? [{ id: summary.id, name: summary.name, price: summary.price, image: summary.image }]
        : [];
    });
    const { relatedIds: _relatedIds, ...record } = detail;
    return { page: { product, ...record, related }, detail };
  }

  router.get('/products/:id', async (req, res) => {
    const { page } = await loadPage(req);
    res.set('Cache-Control', 'public, max-age=60').json(page);
  });

  router.get('/products/:id/coa.pdf', async (req, res) => {
    const { page } = await loadPage(req);
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
