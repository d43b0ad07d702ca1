import { reorderChangeWords, type ReorderAnswer } from '@storefront/commerce/checkout';
import type { FormMessage } from '@storefront/routing/server-module';

/**
 * What the shopper is told after 'Order again', before checkout: the lines are in the cart at today's
 * prices, and each change since the order (a new price, a dose no longer sold), or that there is none.
 */
export function reorderMessage({ added, changes }: ReorderAnswer): FormMessage {
  const changed = changes.map(reorderChangeWords).join(' ');
  if (added === 0)
    return {
      title: 'Nothing to add',
      description: `${changed} Nothing of this order is sold now.`,
      tone: 'error',
    };
  return {
    title: 'Order added to your cart',
    description: changed || "At today's prices, which have not changed since this order.",
    tone: changes.length > 0 ? 'info' : 'success',
  };
}
