import {
  accountOrderSchema,
  accountOrdersSchema,
  reorderAnswerSchema,
  affiliateLookupSchema,
  cartQuoteSchema,
  orderStatusSchema,
  placedOrderSchema,
} from '@storefront/commerce/checkout';

/** What the checkout service's public API returns (published with each release; see catalog's). */
export const apiContract = {
  'POST /orders': placedOrderSchema,
  'GET /orders/:orderId': orderStatusSchema,
  'POST /cart/quote': cartQuoteSchema,
  'POST /affiliates/lookup': affiliateLookupSchema,
  'GET /account/orders': accountOrdersSchema,
  'GET /account/orders/:orderNumber': accountOrderSchema,
  'POST /cart/reorder': reorderAnswerSchema,
};
