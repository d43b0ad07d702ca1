import { ApiError, problemSchema } from '@storefront/commerce/api-client';
import { checkoutProblem, orderRequestSchema } from '@storefront/commerce/checkout';
import { NoCheckoutUrlError, submitFailureMessage } from './payment-messages';
import { normalizeAffiliateCode } from '@storefront/commerce';
import {
  cookiesSetBy,
  errorMessage,
  showAgain,
  type ActionRequest,
  type ModuleAction,
} from '@storefront/routing/server-module';
import { cartOf } from '../cart/cart-service';
import { ACTIONS } from '../actions';
import { applyAffiliateCode } from '../affiliate/affiliate-actions';
import { appliedCodeOf } from '../affiliate/affiliate-service';
import { orderFromForm, orderKey, recordFields } from './order-fields';

const ORDER = ACTIONS.order;

/** The notice of an order whose shown total was not the priced one (the service's 409). */
export const TOTAL_UPDATED = {
  title: 'Total Updated',
  description:
    'The total has been updated to match your vial size, quantity and current prices. Please review it and complete your order again.',
};

/** The cart's lines as the checkout service keeps them: what a cart order is of. */
async function cartLinesOf(request: ActionRequest) {
  const cart = await cartOf(request.service, undefined);
  return (cart?.items ?? []).map(({ productId, variant, quantity, channel }) => ({
    productId,
    dose: variant,
    quantity,
    channel,
  }));
}

const refusal = (
  request: ActionRequest,
  message: { title: string; description: string } | null,
  status: number,
) =>
  showAgain(request, ORDER, message ? errorMessage(message.title, message.description) : undefined, status);

/**
 * Complete Order where no script took the form over (spec sections 4, 5, 7): the same order, checks,
 * key and messages as the page's script sends, placed with the checkout service, and on to the hosted
 * payment page (the cart emptied first, for a cart order); or the form again with everything typed and
 * the message the page would have shown as a toast.
 */
export const placeOrder: ModuleAction = async (request) => {
  // A code typed but not applied (Enter in its field, where no script runs): applied first, order kept.
  const typedCode = normalizeAffiliateCode(request.fields.code ?? '');
  if (typedCode && typedCode !== appliedCodeOf(request.cookies)) return applyAffiliateCode(request);
  const fields = recordFields(request.fields);
  const cartOrder = fields.get('checkout') === 'cart';
  const order = orderFromForm(fields, {
    affiliateCode: appliedCodeOf(request.cookies),
    cartLines: cartOrder ? await cartLinesOf(request) : [],
  });
  const style = order.checkout === 'quick' ? 'plain' : 'with-reason';
  const parsed = orderRequestSchema.safeParse(order);
  if (!parsed.success) {
    if (cartOrder && order.lines.length === 0) return { redirect: '/' };
    return refusal(
      request,
      { title: 'Invalid order', description: 'This order cannot be placed as it is.' },
      422,
    );
  }
  const problem = checkoutProblem(parsed.data);
  if (problem) return refusal(request, problem, 422);

  const answer = await request
    .service({
      method: 'POST',
      path: '/orders',
      body: order,
      headers: { 'idempotency-key': await orderKey(order) },
    })
    .catch(() => null);
  if (answer && (answer.status === 200 || answer.status === 201)) {
    const url = (answer.body as { url?: unknown } | undefined)?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return refusal(request, submitFailureMessage(new NoCheckoutUrlError(), style), 502);
    if (!cartOrder) return { redirect: url };
    // Emptied only once the payment page is known (spec section 4: before the redirect, on cart orders).
    const cleared = await request.service({ method: 'DELETE', path: '/cart' }).catch(() => null);
    return { redirect: url, cookies: cleared ? cookiesSetBy(cleared) : [] };
  }
  // Where no script ran, the total on the button was drawn before the vial size or quantity last
  // changed: the order is refused (nothing is charged), and the form comes back with the right total.
  if (answer?.status === 409) return refusal(request, TOTAL_UPDATED, 409);
  const body = problemSchema.safeParse(answer?.body);
  const failure = new ApiError(answer?.status ?? 0, body.success ? body.data : null);
  return refusal(request, submitFailureMessage(failure, style), answer && answer.status < 500 ? 422 : 503);
};
