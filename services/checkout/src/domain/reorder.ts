import type { CartAddition, ReorderChange } from '@storefront/commerce/checkout';
import { DomainError } from '@storefront/server-kit/domain';
import type { CatalogPricing } from '../catalog-client';
import { orderOfOwner, ownerOf, type AccountOrderServices, type OrdersCaller } from './account-orders';
import { cartAdditionsOf } from './cart-additions';

/**
 * 'Order again': the caller's account, and its order's lines as cart additions at today's prices, each from the price
 * list it was bought from, and what changed since (a new price; a dose no longer sold, left out). Each
 * line is priced alone, so one the catalog no longer sells leaves the others in.
 */
export async function reorderOf(
  services: AccountOrderServices & { pricing: CatalogPricing },
  caller: OrdersCaller,
  orderNumber: string,
): Promise<{ accountId: string; additions: CartAddition[]; changes: ReorderChange[] }> {
  const owner = await ownerOf(services.accounts, caller);
  const order = await orderOfOwner(services.db, owner, orderNumber);
  const additions: CartAddition[] = [];
  const changes: ReorderChange[] = [];
  for (const line of order.lines) {
    const request = {
      productId: line.productId,
      variant: line.dose,
      quantity: line.quantity,
      channel: line.channel,
    };
    const [addition] = await cartAdditionsOf([request], services.pricing, caller.requestId).catch(
      (error: unknown) => {
        if (error instanceof DomainError && (error.refusal === 'refused' || error.refusal === 'not-found'))
          return [];
        throw error;
      },
    );
    if (!addition) changes.push({ name: line.name, dose: line.dose, was: line.unitPrice, now: null });
    else {
      additions.push(addition);
      if (addition.price !== line.unitPrice)
        changes.push({ name: line.name, dose: line.dose, was: line.unitPrice, now: addition.price });
    }
  }
  return { accountId: owner.accountId, additions, changes };
}
