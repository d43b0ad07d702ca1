import type { CheckoutProduct } from '@storefront/commerce';
import { useState } from 'react';
import { chooseDose } from './vials';

/**
 * The vial and quantity chosen on a single-product checkout, starting from the link's ?dosage and
 * ?quantity. The vial is always one the product offers (spec section 4's fallback to the first).
 */
export function useDoseChoice(product: CheckoutProduct, initialDose: string, initialQuantity: number) {
  const [doseName, setDoseName] = useState(() => chooseDose(product.doses, initialDose).dose);
  const [quantity, setQuantity] = useState(initialQuantity);
  return { dose: chooseDose(product.doses, doseName), quantity, setDoseName, setQuantity };
}
