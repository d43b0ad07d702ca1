import type { ServerModule } from '@storefront/routing/server-module';
import { accountOrderLoader, accountOrdersLoader } from './account/account-loaders';
import { reorder } from './account/reorder-action';
import {
  applyAffiliateCode,
  applyCheckoutAddressCode,
  followReferralLink,
  removeAffiliateCode,
} from './affiliate/affiliate-actions';
import { addToCart, changeCartLines } from './cart/cart-actions';
import { placeOrder } from './order/order-action';
import { recalculate } from './order/order-page';
import { visitorSeeds } from './visitor';

/**
 * Exposed as `server`: what the shell's server runs of this module, from its live release. Its forms
 * where no script takes them over, the affiliate link's page, a signed-in researcher's orders, and a
 * visitor's cart and code.
 */
export const actions: ServerModule['actions'] = {
  'cart-add': addToCart,
  'cart-lines': changeCartLines,
  affiliate: applyAffiliateCode,
  'affiliate-remove': removeAffiliateCode,
  order: placeOrder,
  recalculate,
  reorder,
};

export const loaders: ServerModule['loaders'] = {
  '/ref/:code': followReferralLink,
  '/checkout': applyCheckoutAddressCode,
  '/checkout/:slug': applyCheckoutAddressCode,
  '/account': accountOrdersLoader,
  '/account/orders/:orderNumber': accountOrderLoader,
};

export const visitor: ServerModule['visitor'] = visitorSeeds;
