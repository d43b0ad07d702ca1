import { formatUsd, skuLabel } from '@storefront/commerce';
import { type CheckoutProduct } from '@storefront/commerce/catalog';
import type { HeadBuilder, PageHead } from '@storefront/routing';

/**
 * A checkout page's head: the product it sells, with a schema.org Product offering each vial at the
 * page's own price, so a search result or a shared link shows what the page sells and for how much.
 */
export function checkoutHead(product: CheckoutProduct, title: string, siteUrl = ''): PageHead {
  const prices = product.doses.map((dose) => dose.price);
  const from = formatUsd(Math.min(...prices));
  return {
    title: `${product.name} – ${title}`,
    description: `Order ${product.name} (${product.doses.map((d) => d.dose).join(', ')}) from ${from}, ${product.purity} purity. ${product.description}`,
    type: 'product',
    image: product.doses[0]!.image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.sku,
      description: product.description,
      image: `${siteUrl}${product.doses[0]!.image}`,
      offers: product.doses.map((dose) => ({
        '@type': 'Offer',
        sku: skuLabel(product.sku, dose.dose),
        name: `${product.name} ${dose.dose}`,
        price: (dose.price / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      })),
    },
  };
}

/** The head builder a checkout page exports: the title it shows, and where its data holds the product. */
export const checkoutHeadBuilder =
  (title: string, productOf: (data: Record<string, unknown>) => CheckoutProduct): HeadBuilder =>
  (data, site) =>
    checkoutHead(productOf(data), title, site.url);
