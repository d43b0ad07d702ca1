import { bus, type CartAddition } from '@storefront/bus';
import { Button, useAddedFeedback, useFormEcho } from '@storefront/ui';
import { ADD_TO_CART } from '../uses';

/** Whether the page arrives having added this very line (the card's form, completed by the server). */
function useAddedByServer({
  productId,
  variant,
  channel,
}: Pick<CartAddition, 'productId' | 'variant' | 'channel'>) {
  const echo = useFormEcho(ADD_TO_CART);
  const values: Record<string, string> = echo?.values ?? {};
  return (
    echo?.outcome === 'added' &&
    values.productId === productId &&
    values.dose === variant &&
    values.channel === channel
  );
}

/**
 * Adds one line to the cart by publishing on the bus (the checkout module carries it out), then shows
 * 'Added!' and the spec's toast. It submits its card's form with the checkout module's Add to Cart:
 * where no script runs (or before the page hydrates) the checkout module's server action adds it.
 * Errors are only logged, as the spec says.
 */
export function AddToCartButton({
  item,
  label,
}: {
  /**
   * What is added, asked when it is: from its card's form, whose choice (a size) a tap made before the
   * page hydrated may have changed before the card's state has caught up.
   */
  item(form: HTMLFormElement | null): Omit<CartAddition, 'quantity'>;
  label: string;
}) {
  const { added, showAdded } = useAddedFeedback(useAddedByServer(item(null)));

  const add = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const addition = item(event.currentTarget.form);
    if (!bus.publish('cart/add', { ...addition, quantity: 1 })) {
      console.error('Add to cart was refused', addition);
      return;
    }
    bus.publish('toast/show', {
      title: 'Added to Cart',
      description: `${addition.name} - ${addition.variant} has been added to your cart.`,
    });
    showAdded();
  };

  return (
    <Button
      type="submit"
      name="_action"
      value={ADD_TO_CART}
      data-state={added ? 'added' : undefined}
      onClick={add}
      aria-label={added ? undefined : label}
    >
      {added ? 'Added!' : 'Add to Cart'}
    </Button>
  );
}
