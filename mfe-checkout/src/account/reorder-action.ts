import { serverSessionToken } from '@storefront/commerce/account';
import { reorderAnswerSchema } from '@storefront/commerce/checkout';
import { cookiesSetBy, problemOf, showAgain, type ModuleAction } from '@storefront/routing/server-module';
import { ACTIONS } from '../actions';
import { reorderMessage } from './reorder-outcome';

/**
 * 'Order again' where no script takes the form over: the order's lines go into this browser's cart (the
 * checkout service is called as the researcher the server signed in, with the cart's cookie), and the
 * cart checkout opens, telling what changed since the order.
 */
export const reorder: ModuleAction = async (request) => {
  const orderNumber = request.fields.orderNumber ?? '';
  const again = (title: string, description: string, status: number) =>
    showAgain(request, ACTIONS.reorder, { title, description, tone: 'error' }, status);
  const token = serverSessionToken(request.cookies);
  if (!token) return again('Not signed in', 'Please sign in to order again.', 401);
  const answer = await request
    .service({
      method: 'POST',
      path: '/cart/reorder',
      body: { orderNumber },
      headers: { authorization: `Bearer ${token}` },
    })
    .catch(() => null);
  const outcome = answer?.status === 200 ? reorderAnswerSchema.safeParse(answer.body) : null;
  if (outcome?.success) {
    return {
      redirect: outcome.data.added > 0 ? '/cart-checkout' : request.page.pathname,
      cookies: cookiesSetBy(answer!),
      flash: { action: ACTIONS.reorder, values: {}, message: reorderMessage(outcome.data) },
    };
  }
  const problem = answer && answer.status < 500 ? problemOf(answer) : null;
  if (problem) return again(problem.title, problem.detail ?? '', answer!.status);
  return again('Not added', 'Your cart cannot be reached right now. Please try again shortly.', 503);
};
