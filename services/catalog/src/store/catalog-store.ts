import type {
  Catalogue,
  CheckoutProduct,
  CatalogueProduct,
  DedicatedCheckout,
  HomeProduct,
  PriceEntry,
  SalesChannel,
} from '@storefront/commerce/catalog';
import type { Queryable } from '@storefront/server-kit';

/** A price-list entry's picture (alias e, product p): the one drawn for its dose, else the product's own. */
const DOSE_IMAGE_SQL = `(SELECT i.path FROM product_images i
                          WHERE i.product_id = p.id AND (i.dose = e.dose OR i.dose IS NULL)
                          ORDER BY i.dose NULLS LAST LIMIT 1)`;

/** The home grid: the storefront channel's products in order, each with its priced doses. */
export async function listHomeProducts(db: Queryable): Promise<HomeProduct[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    description: string;
    applications: string[];
    purity: string;
    storage: string;
    keywords: string[] | null;
    default_dose: string;
    doses: HomeProduct['doses'];
    checkout_slug: string;
  }>(
    // Spec section 2: a product without a dedicated checkout links to its lowercased name, spaces hyphenated.
    `SELECT p.id, p.name, p.description, p.applications, l.purity_label AS purity, p.storage, l.default_dose,
            COALESCE(d.slug, regexp_replace(lower(p.name), '\\s+', '-', 'g')) AS checkout_slug,
            (SELECT array_agg(k.keyword ORDER BY k.keyword) FROM product_keywords k WHERE k.product_id = p.id) AS keywords,
            (SELECT json_agg(json_build_object(
                      'dose', e.dose, 'price', e.price_cents, 'label', e.promo_label,
                      'image', ${DOSE_IMAGE_SQL})
                    ORDER BY e.position)
               FROM price_list_entries e WHERE e.channel = l.channel AND e.product_id = p.id) AS doses
       FROM channel_listings l JOIN products p ON p.id = l.product_id
       LEFT JOIN dedicated_checkouts d ON d.channel = l.channel AND d.product_id = p.id
      WHERE l.channel = 'storefront'
      ORDER BY l.position`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    applications: row.applications,
    purity: row.purity,
    storage: row.storage,
    keywords: row.keywords ?? [],
    defaultDose: row.default_dose,
    doses: row.doses,
    checkoutPath: dedicatedCheckoutPath(row.checkout_slug),
  }));
}

/** The address of the dedicated checkout with this slug. */
const dedicatedCheckoutPath = (slug: string) => `/checkout/${slug}`;

/** The catalogue page: its categories and the products its grid shows. */
export async function loadCatalogue(db: Queryable): Promise<Catalogue> {
  const categories = await db.query<{ name: string }>('SELECT name FROM categories ORDER BY position');
  return {
    categories: categories.rows.map((c) => c.name),
    products: await listCatalogueProducts(db, { gridOnly: true }),
  };
}

/**
 * Catalogue-channel products with everything a card or product page shows, in the channel's order:
 * those the grid shows, or all of them (product-page-only ones included).
 */
export async function listCatalogueProducts(
  db: Queryable,
  { gridOnly }: { gridOnly: boolean },
): Promise<CatalogueProduct[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    dose: string;
    cas_number: string;
    molecular_formula: string;
    molecular_weight: string;
    purity: string;
    price_cents: number;
    image: string;
    category: string;
    research_areas: string[] | null;
    in_stock: boolean;
    featured: boolean;
    description: string;
  }>(
    `SELECT p.id, p.name, l.default_dose AS dose, p.cas_number, p.molecular_formula, p.molecular_weight,
            e.purity, e.price_cents, c.name AS category, l.in_stock, l.featured, p.description,
            (SELECT i.path FROM product_images i WHERE i.product_id = p.id AND (i.dose = e.dose OR i.dose IS NULL)
              ORDER BY i.dose NULLS LAST LIMIT 1) AS image,
            (SELECT array_agg(a.area ORDER BY a.position) FROM product_research_areas a WHERE a.product_id = p.id) AS research_areas
       FROM channel_listings l
       JOIN products p ON p.id = l.product_id
       JOIN categories c ON c.slug = p.category_slug
       JOIN price_list_entries e ON e.channel = l.channel AND e.product_id = l.product_id AND e.dose = l.default_dose
      WHERE l.channel = 'catalogue' AND (l.shown_in_grid OR NOT $1::boolean)
      ORDER BY l.position`,
    [gridOnly],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dose: row.dose,
    casNumber: row.cas_number,
    molecularFormula: row.molecular_formula,
    molecularWeight: row.molecular_weight,
    purity: Number(row.purity),
    price: row.price_cents,
    image: row.image,
    category: row.category,
    researchAreas: row.research_areas ?? [],
    inStock: row.in_stock,
    featured: row.featured,
    description: row.description,
  }));
}

/** Every price of every channel's price list; product/dose pairs a channel does not sell are absent. */
export async function listPrices(db: Queryable): Promise<PriceEntry[]> {
  const { rows } = await db.query<{
    channel: SalesChannel;
    product_id: string;
    dose: string;
    name: string;
    sku: string;
    price_cents: number;
    image: string;
  }>(
    `SELECT e.channel, e.product_id, e.dose, p.name, e.sku, e.price_cents, ${DOSE_IMAGE_SQL} AS image
       FROM price_list_entries e JOIN products p ON p.id = e.product_id`,
  );
  return rows.map((r) => ({
    channel: r.channel,
    productId: r.product_id,
    dose: r.dose,
    name: r.name,
    sku: r.sku,
    unitPrice: r.price_cents,
    image: r.image,
  }));
}

export interface VialFacts {
  productId: string;
  /** The image's variant in its address: its dose, or 'default' for a drawing shared by all doses. */
  variant: string;
  name: string;
  dose: string | null;
  accentColor: string;
  liquid: boolean;
}

/** What the drawing of each image needs. */
export async function listVialFacts(db: Queryable): Promise<VialFacts[]> {
  const { rows } = await db.query<{
    product_id: string;
    image_dose: string | null;
    name: string;
    dose: string | null;
    accent_color: string;
    unit_is_ml: boolean;
  }>(
    // A drawing shared by all doses still names the dose when the product comes in only one.
    `SELECT i.product_id, i.dose AS image_dose, p.name, p.accent_color,
            coalesce(i.dose, (SELECT CASE WHEN count(*) = 1 THEN min(v.dose) END
                                FROM product_variants v WHERE v.product_id = p.id)) AS dose,
            EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.dose LIKE '%ml') AS unit_is_ml
       FROM product_images i JOIN products p ON p.id = i.product_id`,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    variant: row.image_dose ?? 'default',
    name: row.name,
    dose: row.dose,
    accentColor: row.accent_color,
    liquid: row.unit_is_ml,
  }));
}

/** The dedicated checkout pages' settings, each page's product as its channel sells it. */
export async function listDedicatedCheckouts(
  db: Queryable,
  products: readonly CheckoutProduct[],
): Promise<DedicatedCheckout[]> {
  const { rows } = await db.query<{
    slug: string;
    product_id: string;
    default_dose: string;
    back_to: DedicatedCheckout['backTo'];
    offers_add_to_cart: boolean;
  }>(
    'SELECT slug, product_id, default_dose, back_to, offers_add_to_cart FROM dedicated_checkouts ORDER BY slug',
  );
  const byId = new Map(products.map((product) => [product.id, product]));
  return rows.flatMap((row) => {
    const product = byId.get(row.product_id);
    if (!product) return [];
    return [
      {
        slug: row.slug,
        defaultDose: row.default_dose,
        backTo: row.back_to,
        offersAddToCart: row.offers_add_to_cart,
        product,
      },
    ];
  });
}

/** Every product as a checkout page of the given channel sells it (those with at least one price). */
export async function listCheckoutProducts(db: Queryable, channel: SalesChannel): Promise<CheckoutProduct[]> {
  const { rows } = await db.query<
    Omit<CheckoutProduct, 'sku' | 'doses'> & { doses: CheckoutProduct['doses'] | null }
  >(
    `SELECT p.id, l.channel, p.name, p.description, p.applications, l.purity_label AS purity,
            (SELECT json_agg(json_build_object(
                      'dose', e.dose, 'price', e.price_cents, 'purity', e.purity::float, 'popular', e.popular,
                      'sku', e.sku,
                      'image', ${DOSE_IMAGE_SQL})
                    ORDER BY e.position)
               FROM price_list_entries e WHERE e.channel = l.channel AND e.product_id = p.id) AS doses
       FROM channel_listings l JOIN products p ON p.id = l.product_id
      WHERE l.channel = $1`,
    [channel],
  );
  return rows.flatMap((row) => {
    const doses = (row.doses ?? []) as (CheckoutProduct['doses'][number] & { sku: string })[];
    if (!doses.length) return [];
    return [{ ...row, sku: doses[0]!.sku, doses: doses.map(({ sku: _sku, ...dose }) => dose) }];
  });
}
