import {
  accountOrderSchema,
  accountOrdersSchema,
  reorderAnswerSchema,
  affiliateLookupSchema,
  cartQuoteSchema,
  orderStatusSchema,
  placedOrderSchema,
} from '@storefront/commerce/checkout';
import { checkoutProductSchema, dedicatedCheckoutSchema } from '@storefront/commerce/catalog';

/** What this module reads from services (published with each release; see mfe-catalog's). */
export const apiReads = {
  catalog: {
    'GET /checkout-products/quick-checkout/:productId': checkoutProductSchema,
    'GET /checkout-products/catalogue/:productId': checkoutProductSchema,
    'GET /dedicated-checkouts/:slug': dedicatedCheckoutSchema,
  },
  checkout: {
    'POST /orders': placedOrderSchema,
    'GET /orders/:orderId': orderStatusSchema,
    'POST /cart/quote': cartQuoteSchema,
    'POST /affiliates/lookup': affiliateLookupSchema,
    'GET /account/orders': accountOrdersSchema,
    'GET /account/orders/:orderNumber': accountOrderSchema,
    'POST /cart/reorder': reorderAnswerSchema,
  },
};
