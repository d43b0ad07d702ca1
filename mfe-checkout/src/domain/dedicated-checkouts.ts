/** Spec section 2: the seven dedicated single-product checkouts, one data-driven page. */
export interface DedicatedCheckout {
  slug: string;
  productId: string;
  defaultDose: string;
  /** Retatrutide's back button goes home; the others go back in history. */
  backTo: 'home' | 'history';
  /** Only the BPC-157 page offers 'Add to Cart' (which then opens the cart checkout). */
  offersAddToCart: boolean;
}

export const DEDICATED_CHECKOUTS: readonly DedicatedCheckout[] = [
  {
    slug: 'retatrutide',
    productId: 'retatrutide',
    defaultDose: '10mg',
    backTo: 'home',
    offersAddToCart: false,
  },
  { slug: 'bpc-157', productId: 'bpc-157', defaultDose: '10mg', backTo: 'history', offersAddToCart: true },
  { slug: 'ghk-cu', productId: 'ghk-cu', defaultDose: '50mg', backTo: 'history', offersAddToCart: false },
  { slug: 'igf1-lr3', productId: 'igf1-lr3', defaultDose: '1mg', backTo: 'history', offersAddToCart: false },
  { slug: 'cjc1295', productId: 'cjc-1295', defaultDose: '5mg', backTo: 'history', offersAddToCart: false },
  { slug: 'tb-500', productId: 'tb-500', defaultDose: '5mg', backTo: 'history', offersAddToCart: false },
  { slug: 'semax', productId: 'semax', defaultDose: '10mg', backTo: 'history', offersAddToCart: false },
];

/** The dedicated checkout a path like /checkout/cjc1295 belongs to. */
export function dedicatedCheckoutAt(pathname: string): DedicatedCheckout | undefined {
  const slug = pathname.replace(/\/+$/, '').split('/').pop();
  return DEDICATED_CHECKOUTS.find((checkout) => checkout.slug === slug);
}
