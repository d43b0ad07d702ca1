import { defineRoutes, visitorPage } from '@storefront/routing';
import { DEDICATED_CHECKOUT_URL, ORDER_STATUS_URL, QUICK_CHECKOUT_PRODUCT_URL } from './api';

/**
 * The pages this module serves; the shell's route table comes from here, through the registry. The
 * dedicated checkouts are the catalog's: a slug it does not know is the not-found page.
 */
export const routes = defineRoutes([
  {
    path: '/checkout',
    exposed: 'QuickCheckoutPage',
    label: 'checkout',
    data: { product: QUICK_CHECKOUT_PRODUCT_URL },
    query: { peptideId: 'retatrutide' },
    head: {
      title: 'Secure Checkout',
      description: 'Order research peptides securely: choose a vial size and quantity and pay by card.',
    },
  },
  {
    path: '/checkout/:slug',
    exposed: 'ProductCheckoutPage',
    label: 'checkout',
    data: { checkout: DEDICATED_CHECKOUT_URL },
    // Every dedicated checkout the catalog has.
    sitemap: { list: '/api/catalog/dedicated-checkouts', items: 'checkouts', field: 'slug', param: 'slug' },
    head: {
      title: 'Research Checkout',
      description: 'Order a research peptide: choose a vial size and quantity, add shipping and pay by card.',
    },
  },
  // Rendered by the server from the visitor's cart (its cookie), so the order form works without scripts.
  visitorPage('/cart-checkout', {
    exposed: 'CartCheckoutPage',
    label: 'checkout',
    head: { title: 'Cart Checkout', description: 'Check out the research peptides in your cart.' },
  }),
  // The shell's server applies the code and renders the result.
  visitorPage('/ref/:code', {
    exposed: 'ReferralPage',
    label: 'affiliate link page',
    head: { title: 'Applying Affiliate Code', description: 'Applying your affiliate discount.' },
  }),
  visitorPage('/success', {
    exposed: 'SuccessPage',
    label: 'order confirmation',
    // Rendered with the order's status as the checkout service tells it (never kept: it has no ETag).
    query: { session_id: '' },
    data: { order: ORDER_STATUS_URL },
    // Before its status is known the page cannot claim success, so its title does not either.
    head: { title: 'Your Order', description: 'The confirmation and payment status of your order.' },
  }),
  visitorPage('/cancel', {
    exposed: 'CancelPage',
    label: 'payment page',
    head: { title: 'Payment Cancelled', description: 'Your payment was cancelled; no charges were made.' },
  }),
]);
