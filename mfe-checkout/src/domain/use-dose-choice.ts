import type { CheckoutProduct } from '@storefront/commerce/catalog';
import { useFormEcho } from '@storefront/ui';
import { useState } from 'react';
import { ACTIONS } from '../actions';
import { chooseDose, quantityFrom } from './vials';

/**
 * The vial and quantity chosen on a single-product checkout, starting from the link's ?dosage and
 * ?quantity (or what was sent, when the server showed the order form again). The vial is always one
 * the product offers (spec section 4's fallback to the first). `seed` takes what was chosen before the
 * page hydrated.
 */
/** The vial and quantity being bought, and how the shopper changes them. */
export type DoseChoice = ReturnType<typeof useDoseChoice>;

export function useDoseChoice(product: CheckoutProduct, initialDose: string, initialQuantity: number) {
  const sent = useFormEcho(ACTIONS.order)?.values;
  const [doseName, setDoseName] = useState(() => chooseDose(product.doses, sent?.dose ?? initialDose).dose);
  const [quantity, setQuantity] = useState(() =>
    sent ? quantityFrom(sent.quantity ?? null) : initialQuantity,
  );
  const seed = (fields: FormData) => {
    setDoseName(chooseDose(product.doses, String(fields.get('dose') ?? doseName)).dose);
    setQuantity(quantityFrom(String(fields.get('quantity') ?? quantity)));
  };
  return { dose: chooseDose(product.doses, doseName), quantity, setDoseName, setQuantity, seed };
}
