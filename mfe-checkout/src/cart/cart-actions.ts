import { CART_PANEL_PARAMETER } from '@storefront/bus';
import { withParameter } from '@storefront/routing';
import {
  cookiesSetBy,
  errorMessage,
  problemOf,
  showAgain,
  type ActionRequest,
  type ActionResult,
  type ModuleAction,
  type ServiceRequest,
} from '@storefront/routing/server-module';
import { ACTIONS } from '../actions';
import { quantityFrom } from '../domain/vials';

/** The page with its cart panel open: where a cart form leads. */
export const withCartOpen = ({ pathname, search }: ActionRequest['page']) =>
  `${pathname}${withParameter(search, CART_PANEL_PARAMETER, 'open')}`;

const unavailable = errorMessage('Not available', 'This product cannot be added to the cart right now.');

/** A cart call whose answer is the whole cart: the page with the cart open, or the form again with why not. */
async function changeCart(
  request: ActionRequest,
  action: string,
  call: ServiceRequest,
  next: string,
): Promise<ActionResult> {
  const answer = await request.service(call).catch(() => null);
  if (answer?.status === 200) return { redirect: next, cookies: cookiesSetBy(answer) };
  const problem = answer ? problemOf(answer) : null;
  return showAgain(
    request,
    action,
    problem ? errorMessage(problem.title, problem.detail) : unavailable,
    answer && answer.status < 500 ? 422 : 503,
  );
}

/**
 * Add to Cart (any page's card or purchase form): the product, dose and price list chosen, as many as
 * the form says; the checkout service takes its name, picture and price from the catalog. On to the
 * page with the cart open, or (the dedicated checkout's Add to Cart, spec section 2) the cart checkout.
 */
export const addToCart: ModuleAction = (request) => {
  const { productId = '', dose = '', channel = '', quantity, then } = request.fields;
  return changeCart(
    request,
    ACTIONS.cartAdd,
    {
      method: 'POST',
      path: '/cart/lines',
      body: { productId, variant: dose, channel, quantity: quantityFrom(quantity ?? null) },
    },
    then === 'cart-checkout' ? '/cart-checkout' : withCartOpen(request.page),
  );
};

const lineAddress = (request: ActionRequest) =>
  `/cart/lines/${encodeURIComponent(request.fields.lineId ?? '')}`;

/** A line's quantity, as typed or stepped in the panel shown without scripts: the panel's − never goes below 1. */
export const setLineQuantity: ModuleAction = (request) =>
  changeCart(
    request,
    ACTIONS.cartQuantity,
    {
      method: 'PATCH',
      path: lineAddress(request),
      body: { quantity: quantityFrom(request.fields.quantity ?? null) },
    },
    withCartOpen(request.page),
  );

/** Remove: the line taken out. */
export const removeLine: ModuleAction = (request) =>
  changeCart(
    request,
    ACTIONS.cartRemove,
    { method: 'DELETE', path: lineAddress(request) },
    withCartOpen(request.page),
  );
