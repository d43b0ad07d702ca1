import type { ModuleAction, ServerModule } from '@storefront/routing/server-module';
import { buyNowHref } from './actions';

/** A whole number of at least 1 from a field, else 1. */
function quantityOf(value: string | undefined): number {
  const quantity = Number(value);
  return Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : 1;
}

/** Buy Now (spec section 2): on to the generic checkout with the product and quantity chosen. */
const buyNow: ModuleAction = async ({ fields }) => ({
  redirect: buyNowHref(fields.productId ?? '', quantityOf(fields.quantity)),
});

/** Exposed as `server`: what the shell's server runs of this module, from its live release. */
export const actions: ServerModule['actions'] = { 'buy-now': buyNow };
