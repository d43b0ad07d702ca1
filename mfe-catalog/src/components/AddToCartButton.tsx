import { bus, type CartAddition } from '@storefront/bus';
import { Button } from '@storefront/ui';
import { useEffect, useRef, useState } from 'react';

/** Spec section 4: 'Added!' in green for 2 seconds after adding. */
export const ADDED_FEEDBACK_MS = 2000;

/**
 * Adds one line to the cart by publishing on the bus (the shell owns the cart), then shows 'Added!'
 * and the spec's toast. Errors are only logged, as the spec says.
 */
export function AddToCartButton({ item, label }: { item: Omit<CartAddition, 'quantity'>; label: string }) {
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = () => {
    if (!bus.publish('cart/add', { ...item, quantity: 1 })) {
      console.error('Add to cart was refused', item);
      return;
    }
    bus.publish('toast/show', {
      title: 'Added to Cart',
      description: `${item.name} - ${item.variant} has been added to your cart.`,
    });
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
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
