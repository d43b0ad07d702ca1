import { defineRoutes, visitorPage } from '@storefront/routing';
import { defineModule } from '@storefront/routing/module';
import { AFFILIATE_CODE_COOKIE, AFFILIATE_URL_PARAMETERS } from './affiliate/affiliate-cookie';
import { DEDICATED_CHECKOUT_URL, ORDER_STATUS_URL, QUICK_CHECKOUT_PRODUCT_URL } from './api';
import { CART_COMMANDS, CART_COOKIE, CART_UNSETTLED_KEY, LEGACY_CART_KEY } from './cart/cart-keys';
import { CART_LINES_FIELDS } from './cart/cart-lines-form';

/**
 * The pages this module serves; the shell's route table comes from here, through the registry. The
 * dedicated checkouts are the catalog's: a slug it does not know is the not-found page.
 */
const routes = defineRoutes([
  {
    path: '/checkout',
    exposed: 'QuickCheckoutPage',
    label: 'checkout',
    // An address with an affiliate code (?ref=) applies it on the server too, so it works without scripts.
    serverLoader: true,
    loaderParameters: [...AFFILIATE_URL_PARAMETERS],
    data: { product: QUICK_CHECKOUT_PRODUCT_URL },
    query: { peptideId: 'retatrutide', channel: 'quick-checkout' },
    head: {
      title: 'Secure Checkout',
      description: 'Order research peptides securely: choose a vial size and quantity and pay by card.',
    },
  },
  {
    path: '/checkout/:slug',
    exposed: 'ProductCheckoutPage',
    label: 'checkout',
    serverLoader: true,
    loaderParameters: [...AFFILIATE_URL_PARAMETERS],
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
  // Its server loader applies the code and the page shows the result.
  visitorPage('/ref/:code', {
    exposed: 'ReferralPage',
    label: 'affiliate link page',
    serverLoader: true,
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
  // A signed-in researcher's orders (ADR 0023): checkout's facts, on checkout's pages. Rendered with them
  // by the server for a researcher it signed in (its loaders), else asked for by the page's script.
  visitorPage('/account', {
    exposed: 'AccountOrdersPage',
    label: 'account page',
    serverLoader: true,
    head: { title: 'Your Orders', description: 'Your orders, their invoices and where each stands.' },
  }),
  visitorPage('/account/orders/:orderNumber', {
    exposed: 'AccountOrderPage',
    label: 'account page',
    serverLoader: true,
    head: { title: 'Your Order', description: 'One of your orders, with its invoice.' },
  }),
  visitorPage('/cancel', {
    exposed: 'CancelPage',
    label: 'payment page',
    head: { title: 'Payment Cancelled', description: 'Your payment was cancelled; no charges were made.' },
  }),
]);

/** The fields every checkout's order form sends (its vial and quantity from the column beside it). */
const ORDER_FIELDS = [
  'checkout',
  'productId',
  'dose',
  'quantity',
  'expectedTotal',
  'email',
  'firstName',
  'lastName',
].concat(['phoneNumber', 'address', 'city', 'state', 'zipCode', 'country', 'agreeToTerms', 'agreeToAge']);

/**
 * What this module is to the shell and the other modules (see @storefront/routing/module): its pages,
 * its forms' actions (carried out by its `server` module), the cart panel the shell's drawer shows, the
 * cart and affiliate-link bindings the shell wakes, and the cookies that make a page a visitor's own.
 */
export const manifest = defineModule({
  routes,
  actions: {
    'cart-add': { fields: ['productId', 'dose', 'channel', 'quantity', 'then', 'wording'] },
    'cart-lines': { fields: CART_LINES_FIELDS },
    affiliate: { fields: ['code', 'inCartPanel'] },
    'affiliate-remove': { fields: ['inCartPanel'] },
    order: { fields: [...ORDER_FIELDS, 'code'] },
    recalculate: { fields: ORDER_FIELDS },
    reorder: { fields: ['orderNumber'] },
  },
  fragments: ['CartPanel'],
  // A signed-in researcher's menu leads to their orders.
  links: [{ place: 'account-menu', href: '/account', label: 'Your Orders' }],
  slots: { 'cart-panel': 'CartPanel' },
  bindings: [
    {
      exposed: 'cart',
      // A visitor with a cart, one whose browser kept one itself, or one who left a page before its cart
      // call was answered, from the start; anyone else at their first cart command, or when they sign in
      // (their account may hold a cart).
      wakeOn: {
        cookies: [CART_COOKIE],
        storage: [LEGACY_CART_KEY],
        session: [CART_UNSETTLED_KEY],
        events: [...CART_COMMANDS, 'auth/signed-in'],
      },
    },
    { exposed: 'affiliate-links', wakeOn: { parameters: [...AFFILIATE_URL_PARAMETERS] } },
  ],
  cookies: [
    { name: CART_COOKIE, personal: true },
    { name: AFFILIATE_CODE_COOKIE, personal: true },
  ],
  retrySafe: ['POST /orders'],
  // A signed-out visitor of a researcher's orders is sent to sign in there, and comes back.
  uses: { fragments: [], actions: [], routes: ['account /auth'] },
});
