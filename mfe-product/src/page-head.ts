import { formatUsd } from '@storefront/commerce';
import { productPageSchema, type ProductPage } from '@storefront/commerce/product';
import type { HeadBuilder, PageHead } from '@storefront/routing';

/** A product page's head: its name, description, picture and schema.org Product for search engines. */
export function productHead({ product }: ProductPage, siteUrl = ''): PageHead {
  return {
    title: `${product.name} ${product.dose}`,
    description: `${product.name} ${product.dose}, ${product.purity}% purity, ${formatUsd(product.price)}. ${product.description}`,
    type: 'product',
    image: product.image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `${product.name} ${product.dose}`,
      sku: product.id,
      description: product.description,
      image: `${siteUrl}${product.image}`,
      category: product.category,
      offers: {
        '@type': 'Offer',
        price: (product.price / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    },
  };
}

export const head: HeadBuilder = (data, site) => productHead(productPageSchema.parse(data.page), site.url);
