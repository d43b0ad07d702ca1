import { productPageSchema, type ProductPage } from '@storefront/commerce';
import { omit } from '@storefront/schema';
import type { Queryable } from '@storefront/service-kit';

export type ProductDetail = Omit<ProductPage, 'product' | 'related'> & { relatedIds: string[] };

const detailSchema = omit(productPageSchema, { product: true, related: true });

export async function findDetail(db: Queryable, productId: string): Promise<ProductDetail | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT d.full_description, d.research_applications, d.specifications, d.certificate,
            d.safety_information, d.storage_handling,
            coalesce((SELECT array_agg(r.related_id ORDER BY r.position) FROM related_products r
                       WHERE r.product_id = d.product_id), '{}') AS related_ids
       FROM product_details d WHERE d.product_id = $1`,
    [productId],
  );
  const row = rows[0];
  if (!row) return null;
  const detail = detailSchema.parse({
    fullDescription: row.full_description,
    researchApplications: row.research_applications,
    specifications: row.specifications,
    certificate: row.certificate,
    safetyInformation: row.safety_information,
    storageHandling: row.storage_handling,
  });
  return { ...detail, relatedIds: row.related_ids as string[] };
}

export async function listDetailIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ product_id: string }>(
    'SELECT product_id FROM product_details ORDER BY product_id',
  );
  return rows.map((r) => r.product_id);
}
