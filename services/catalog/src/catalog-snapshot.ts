import {
  GENERIC_CHECKOUT_CHANNELS,
  type GenericCheckoutChannel,
  type PriceEntry,
} from '@storefront/commerce/catalog';
import { indexPrices, type PriceOf } from '@storefront/commerce/price-list';
import { represent, representJson, type Database, type Representation } from '@storefront/server-kit';
import { drawVial } from './render/vial-svg';
import {
  listCatalogueProducts,
  listCheckoutProducts,
  listDedicatedCheckouts,
  listHomeProducts,
  listPrices,
  listVialFacts,
  loadCatalogue,
} from './store/catalog-store';

/** Page data may be reused for a minute; revalidation by ETag is cheap after that. */
const PAGE_DATA = 'public, max-age=60';

export const paths = {
  homeProducts: '/home-products',
  catalogue: '/catalogue',
  summaries: '/internal/product-summaries',
  /**
   * The generic checkout's products, by id: at its own price list, or at the catalogue's, where a
   * product page's Buy Now leads (the total its button showed is the one charged).
   */
  checkoutProduct: (channel: GenericCheckoutChannel, productId: string) =>
    `/checkout-products/${channel}/${productId}`,
  /** Every dedicated checkout (for the sitemap), and each by the slug in its address. */
  dedicatedCheckouts: '/dedicated-checkouts',
  dedicatedCheckout: (slug: string) => `/dedicated-checkouts/${slug}`,
  image: (productId: string, variant: string) => `/images/v2/${productId}/${variant}.svg`,
};

/** Everything the catalog service answers, read from its database at one moment and serialized once. */
export interface CatalogSnapshot {
  /** Each public read's body (and the summaries other services read), by path. */
  published: ReadonlyMap<string, Representation>;
  /** Every channel's price list, as the catalog lends it to the checkout. */
  prices: readonly PriceEntry[];
  priceOf: PriceOf;
}

/** The snapshot every route answers from (503 in the moment before the first load). */
export type CurrentCatalog = () => CatalogSnapshot;

export async function loadCatalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  // One consistent view: a change committing halfway through the reads cannot mix old and new rows.
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const published = new Map<string, Representation>();
    published.set(paths.homeProducts, representJson({ products: await listHomeProducts(tx) }, PAGE_DATA));
    published.set(paths.catalogue, representJson(await loadCatalogue(tx), PAGE_DATA));
    published.set(
      paths.summaries,
      representJson({ products: await listCatalogueProducts(tx, { gridOnly: false }) }, 'no-cache'),
    );
    for (const channel of GENERIC_CHECKOUT_CHANNELS) {
      for (const product of await listCheckoutProducts(tx, channel)) {
        published.set(paths.checkoutProduct(channel, product.id), representJson(product, PAGE_DATA));
      }
    }
    const checkouts = await listDedicatedCheckouts(tx, await listCheckoutProducts(tx, 'storefront'));
    published.set(paths.dedicatedCheckouts, representJson({ checkouts }, PAGE_DATA));
    for (const checkout of checkouts) {
      published.set(paths.dedicatedCheckout(checkout.slug), representJson(checkout, PAGE_DATA));
    }
    // A drawing never changes under its versioned address, so it may be cached for a year.
    for (const facts of await listVialFacts(tx)) {
      published.set(
        paths.image(facts.productId, facts.variant),
        represent(drawVial(facts), 'image/svg+xml', {
          'cache-control': 'public, max-age=31536000, immutable',
          'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        }),
      );
    }
    const prices = await listPrices(tx);
    return { published, prices, priceOf: indexPrices(prices) };
  });
}
