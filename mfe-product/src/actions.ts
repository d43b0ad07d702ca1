import { actionName } from '@storefront/routing/module';

/** The product page's Buy Now, where no script takes its form over. */
export const BUY_NOW = actionName('product', 'buy-now');

/** The checkout module's Add to Cart, which the product page's form posts to where no script runs. */
export const ADD_TO_CART = 'checkout/cart-add';

/**
 * The generic checkout, where Buy Now goes (spec section 2: /checkout?peptideId={id}&quantity={n}): the
 * checkout module's page, which this module's manifest says it uses. It sells at the price list this
 * page shows (the catalogue's), so the total on Buy Now is the total charged.
 */
export const buyNowHref = (productId: string, quantity: number) =>
  `/checkout?peptideId=${encodeURIComponent(productId)}&quantity=${quantity}&channel=catalogue`;
