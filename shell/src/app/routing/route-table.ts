/**
 * Spec section 2's route table, each route mapped to the remote module that renders it. The shell
 * knows modules only by name; where each is served from comes from /registry.json at run time.
 */
export interface RemoteRoute {
  path: string;
  remote: string;
  exposed: string;
  label: string;
}

const dedicatedCheckoutSlugs = ['retatrutide', 'bpc-157', 'ghk-cu', 'igf1-lr3', 'cjc1295', 'tb-500', 'semax'];

export const remoteRoutes: RemoteRoute[] = [
  { path: '/', remote: 'catalog', exposed: 'HomePage', label: 'home page' },
  { path: '/catalog', remote: 'catalog', exposed: 'CatalogPage', label: 'catalogue' },
  { path: '/product/:productId', remote: 'product', exposed: 'ProductPage', label: 'product page' },
  { path: '/checkout', remote: 'checkout', exposed: 'QuickCheckoutPage', label: 'checkout' },
  ...dedicatedCheckoutSlugs.map((slug) => ({
    path: `/checkout/${slug}`,
    remote: 'checkout',
    exposed: 'ProductCheckoutPage',
    label: 'checkout',
  })),
  { path: '/cart-checkout', remote: 'checkout', exposed: 'CartCheckoutPage', label: 'checkout' },
  { path: '/ref/:code', remote: 'checkout', exposed: 'ReferralPage', label: 'affiliate link page' },
  { path: '/success', remote: 'checkout', exposed: 'SuccessPage', label: 'order confirmation' },
  { path: '/cancel', remote: 'checkout', exposed: 'CancelPage', label: 'payment page' },
  { path: '/auth', remote: 'account', exposed: 'AuthPage', label: 'sign-in page' },
  { path: '/refund-policy', remote: 'content', exposed: 'RefundPolicyPage', label: 'refund policy' },
  { path: '/shipping-policy', remote: 'content', exposed: 'ShippingPolicyPage', label: 'shipping policy' },
  { path: '/terms-of-service', remote: 'content', exposed: 'TermsOfServicePage', label: 'terms of service' },
];
