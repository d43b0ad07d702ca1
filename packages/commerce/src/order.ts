import { assertCents, multiplyAndRoundHalfUp, type Cents } from './money';

/** Spec section 9's business constants. */
export const FLAT_SHIPPING: Cents = 1599;
export const FREE_SHIPPING_THRESHOLD: Cents = 25000;
/** Tax is 8% of the discounted subtotal, expressed in basis points. */
export const TAX_RATE_BASIS_POINTS = 800;
const BASIS_POINTS = 10_000;

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
}

export interface OrderTotals {
  subtotal: Cents;
  discount: Cents;
  discountedSubtotal: Cents;
  shipping: Cents;
  tax: Cents;
  total: Cents;
}

/** A discount rate is a fraction (0.1 for 10%); it is carried as whole basis points so no float multiplies money. */
export function discountRateToBasisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1)
    throw new RangeError(`Discount rate out of range: ${rate}`);
  return Math.round(rate * BASIS_POINTS);
}

/** 'N%' as the spec shows discounts: the rate as a whole percent. */
export function formatDiscountPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** The tax rate as the summary and Square's receipt name it ('8%'), from the rate itself. */
export const TAX_RATE_LABEL = `${TAX_RATE_BASIS_POINTS / 100}%`;

/** Spec section 4's applied-affiliate label, '{name} - N% off' (also the discount's name on Square's receipt). */
export const affiliateDiscountLabel = (affiliateName: string, rate: number) =>
  `${affiliateName} - ${formatDiscountPercent(rate)} off`;

export function lineTotal(line: PricedLine): Cents {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`Quantity must be a whole number of at least 1: ${line.quantity}`);
  }
  return assertCents(assertCents(line.unitPrice) * line.quantity);
}

/**
 * Spec section 9: discount = subtotal x rate; shipping 15.99, free when the discounted subtotal is at
 * least 250; tax 8% of the discounted subtotal (shipping untaxed); total = discounted subtotal + shipping
 * + tax. Each component is rounded to the cent (half up) on its own, so the receipt's lines add up to
 * its total exactly; the browser preview and the checkout service both call this one function.
 */
export function computeOrderTotals(lines: readonly PricedLine[], discountRate = 0): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const discount = multiplyAndRoundHalfUp(subtotal, discountRateToBasisPoints(discountRate), BASIS_POINTS);
  const discountedSubtotal = subtotal - discount;
  const shipping = discountedSubtotal >= FREE_SHIPPING_THRESHOLD ? 0 : FLAT_SHIPPING;
  const tax = multiplyAndRoundHalfUp(discountedSubtotal, TAX_RATE_BASIS_POINTS, BASIS_POINTS);
  return {
    subtotal,
    discount,
    discountedSubtotal,
    shipping,
    tax,
    total: discountedSubtotal + shipping + tax,
  };
}
