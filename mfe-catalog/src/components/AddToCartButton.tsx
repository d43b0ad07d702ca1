import { bus, type CartAddition } from '@storefront/bus';
import { Button, useAddedFeedback } from '@storefront/ui';

/**
 * Adds one line to the cart by publishing on the bus (the shell owns the cart), then shows 'Added!'
 * and the spec's toast. Errors are only logged, as the spec says.
 */
export function AddToCartButton({ item, label }: { item: Omit<CartAddition, 'quantity'>; label: string }) {
  const { added, showAdded } = useAddedFeedback();

  const add = () => {
    if (!bus.publish('cart/add', { ...item, quantity: 1 })) {
      console.error('Add to cart was refused', item);
      return;
    }
    bus.publish('toast/show', {
      title: 'Added to Cart',
      description: `${item.name} - ${item.variant} has been added to your cart.`,
    });
    showAdded();
  };

  return (
    <Button
      type="button"
      $variant={added ? 'success' : 'primary'}
      onClick={add}
      aria-label={added ? undefined : label}
    >
      {added ? 'Added!' : 'Add to Cart'}
    </Button>
  );
}
