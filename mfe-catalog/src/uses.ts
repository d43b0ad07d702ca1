/**
 * What this module uses of others, by name: declared in its manifest, so a deploy of theirs that took
 * one away (or of this one, using one no live module offers) is refused.
 */

/** The checkout module's Add to Cart: the cards' forms post to it where no script runs. */
export const ADD_TO_CART = 'checkout/cart-add';

/** The content module's newsletter sign-up, the home page's last section. */
export const NEWSLETTER = 'content/Newsletter';
