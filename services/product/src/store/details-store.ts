import { productPageSchema, type ProductPage } from '@storefront/commerce/product';
import { omit } from '@storefront/schema';
import type { Queryable } from '@storefront/server-kit';

export type ProductDetail = Omit<ProductPage, 'product' | 'related'> & {
  productId: string;
  relatedIds: string[];
};

const detailSchema = omit(productPageSchema, { product: true, related: true });

/** Every product record with its related products in order. */
export async function listDetails(db: Queryable): Promise<ProductDetail[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT d.product_id, d.full_description, d.research_applications, d.specifications, d.certificate,
            d.safety_information, d.storage_handling,
            coalesce((SELECT array_agg(r.related_id ORDER BY r.position) FROM related_products r
                       WHERE r.product_id = d.product_id), '{}') AS related_ids
       FROM product_details d ORDER BY d.product_id`,
  );
  return rows.map((row) => ({
    ...detailSchema.parse({
      fullDescription: row.full_description,
      researchApplications: row.research_applications,
      specifications: row.specifications,
      certificate: row.certificate,
      safetyInformation: row.safety_information,
      storageHandling: row.storage_handling,
    }),
    productId: row.product_id as string,
    relatedIds: row.related_ids as string[],
  }));
}
