import { actionName } from '@storefront/routing/module';

/** This module's name in the registry: its forms' actions, and where the shell finds them. */
export const MODULE = 'checkout';

/** The `_action` of each of this module's forms. */
export const ACTIONS = {
  cartAdd: actionName(MODULE, 'cart-add'),
  cartLines: actionName(MODULE, 'cart-lines'),
  affiliate: actionName(MODULE, 'affiliate'),
  affiliateRemove: actionName(MODULE, 'affiliate-remove'),
  order: actionName(MODULE, 'order'),
  recalculate: actionName(MODULE, 'recalculate'),
  reorder: actionName(MODULE, 'reorder'),
} as const;
