import type { CheckoutProduct } from '@storefront/commerce/catalog';

type Dose = CheckoutProduct['doses'][number];

/** Spec section 4: the requested vial amount if the product offers it, otherwise its first one. */
export function chooseDose(doses: readonly Dose[], requested: string | null | undefined): Dose {
  return doses.find((d) => d.dose.toLowerCase() === requested?.trim().toLowerCase()) ?? doses[0]!;
}

/** Quantity from a query parameter: a whole number of at least 1, else 1. */
export function quantityFrom(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
