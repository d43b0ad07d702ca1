import type { Limiter } from '@storefront/server-kit/domain';
import type { Referral } from '../order-shapes';

/** Who is asking: the client address the budgets are kept by, and the request id logs and calls carry. */
export interface Caller {
  client: string;
  requestId: string;
}

/** Who is placing an order: the caller, the affiliate link their browser last followed, and their session. */
export interface Buyer extends Caller {
  referral: Referral | null;
  /** The access token of a signed-in buyer (their page's session, or the one the server signed in). */
  accessToken: string | null;
}

/**
 * Per-client budgets: orders made (each one a payment link), affiliate codes tried, carts priced (each
 * a call to the catalog), and carts begun (each a row kept until it is abandoned).
 */
export interface CheckoutLimits {
  orders: Limiter;
  affiliateAttempts: Limiter;
  quotes: Limiter;
  newCarts: Limiter;
}
