import { createHash } from 'node:crypto';
import {
  ApiError,
  checkoutProblem,
  NoCheckoutUrlError,
  orderRequestSchema,
  problemSchema,
  shopperCartSchema,
  submitFailureMessage,
  type OrderRequestInput,
} from '@storefront/commerce';
import {
  cookiesOf,
  errorMessage,
  quantityOf,
  showAgain,
  type FormContext,
  type FormHandler,
} from './form-kit';

type Kind = 'quick' | 'product' | 'cart';

const isKind = (value: string | undefined): value is Kind =>
  value === 'quick' || value === 'product' || value === 'cart';

/** The cart's lines as the checkout service keeps them: what a cart order is of. */
async function cartLines(context: FormContext) {
  const answer = await context.services.call('checkout', {
    method: 'GET',
    path: '/cart',
    shopper: context.shopper,
  });
  const cart = shopperCartSchema.safeParse(answer.body);
  return cart.success
    ? cart.data.items.map(({ productId, variant, quantity, channel }) => ({
        productId,
        dose: variant,
        quantity,
        channel,
      }))
    : [];
}

/** The order the form describes, in the same shape the checkout pages send with scripts. */
async function orderOf(context: FormContext, kind: Kind): Promise<OrderRequestInput> {
  const f = context.fields;
  const customer = {
    email: f.email ?? '',
    firstName: f.firstName ?? '',
    lastName: f.lastName ?? '',
    phoneNumber: f.phoneNumber ?? '',
  };
  const agreements = { agreeToTerms: f.agreeToTerms === 'on', agreeToAge: f.agreeToAge === 'on' };
  const shipping = {
    address: f.address ?? '',
    city: f.city ?? '',
    state: f.state ?? '',
    zipCode: f.zipCode ?? '',
    country: f.country as never,
  };
  // The vial and quantity chosen on a single-product page (its `dose` radios and quantity field).
  const line = { productId: f.productId ?? '', dose: f.dose ?? '', quantity: quantityOf(f.quantity) };
  if (kind === 'quick') {
    return { checkout: 'quick', lines: [{ ...line, channel: 'quick-checkout' }], customer, ...agreements };
  }
  const affiliateCode = context.clues.affiliateCode;
  if (kind === 'product') {
    return {
      checkout: 'product',
      lines: [{ ...line, channel: 'storefront' }],
      affiliateCode,
      customer,
      shipping,
      ...agreements,
    };
  }
  const expectedTotal = Number(f.expectedTotal);
  return {
    checkout: 'cart',
    lines: await cartLines(context),
    affiliateCode,
    expectedTotal: Number.isInteger(expectedTotal) ? expectedTotal : undefined,
    customer,
    shipping,
    ...agreements,
  };
}

/**
 * The same order sent twice (a double press, a reload of the refused page) is one order: its key is
 * made from what it is, who sends it and the quarter of an hour it is sent in, as the pages' own key
 * is kept for one order's retries. Nothing in a page's HTML may carry a key: pages are cached for all.
 */
function idempotencyKey(context: FormContext, order: OrderRequestInput): string {
  const bucket = Math.floor(Date.now() / (15 * 60_000));
  return createHash('sha256')
    .update(JSON.stringify([order, context.shopper.client, context.clues.cartCookie ?? '', bucket]))
    .digest('base64url')
    .slice(0, 40);
}

/**
 * Complete Order (spec sections 4, 5, 7): checked with the spec's rules and messages, placed with the
 * checkout service, and on to the hosted payment page (the cart emptied first, for a cart order); or
 * the form again with everything typed and the message the page would have shown as a toast.
 */
export const placeOrder: FormHandler = async (context) => {
  const kind = isKind(context.fields.checkout) ? context.fields.checkout : 'quick';
  const style = kind === 'quick' ? 'plain' : 'with-reason';
  const order = await orderOf(context, kind);
  const parsed = orderRequestSchema.safeParse(order);
  if (!parsed.success) {
    const empty = kind === 'cart' && order.lines.length === 0;
    return empty
      ? { redirect: '/' }
      : showAgain(context, 'order', errorMessage('Invalid order', 'This order cannot be placed as it is.'));
  }
  const problem = checkoutProblem(parsed.data);
  if (problem) return showAgain(context, 'order', errorMessage(problem.title, problem.description));

  const answer = await context.services
    .call('checkout', {
      method: 'POST',
      path: '/orders',
      body: order,
      headers: { 'idempotency-key': idempotencyKey(context, order) },
      shopper: context.shopper,
    })
    .catch(() => null);
  const url = (answer?.body as { url?: unknown } | undefined)?.url;
  if (answer && (answer.status === 200 || answer.status === 201)) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      const message = submitFailureMessage(new NoCheckoutUrlError(), style);
      return showAgain(
        context,
        'order',
        message ? errorMessage(message.title, message.description) : undefined,
        502,
      );
    }
    if (kind !== 'cart') return { redirect: url };
    // Emptied only once the payment page is known (spec section 4: before the redirect, on cart orders).
    const cleared = await context.services
      .call('checkout', { method: 'DELETE', path: '/cart', shopper: context.shopper })
      .catch(() => null);
    return { redirect: url, cookies: cleared ? cookiesOf(cleared) : [] };
  }
  const body = problemSchema.safeParse(answer?.body);
  const failure = new ApiError(answer?.status ?? 0, body.success ? body.data : null);
  const message = submitFailureMessage(failure, style)!;
  return showAgain(
    context,
    'order',
    errorMessage(message.title, message.description),
    answer?.status && answer.status < 500 ? 422 : 503,
  );
};
