import { CART_PANEL_PARAMETER } from '@storefront/bus';
import { withParameter } from '@storefront/routing';
import {
  cookiesSetBy,
  errorMessage,
  problemOf,
  showAgain,
  type ActionRequest,
  type ActionResult,
  type FormMessage,
  type ModuleAction,
  type ServiceAnswer,
  type ServiceRequest,
} from '@storefront/routing/server-module';
import { shopperCartSchema } from '@storefront/commerce/checkout';
import { ACTIONS } from '../actions';
import { quantityFrom } from '../domain/vials';
import { cartLineChanges, THEN_CHECKOUT, THEN_FIELD } from './cart-lines-form';

/** The page with its cart panel open: where a cart form leads. */
export const withCartOpen = ({ pathname, search }: ActionRequest['page']) =>
  `${pathname}${withParameter(search, CART_PANEL_PARAMETER, 'open')}`;

const unavailable = errorMessage('Not available', 'This product cannot be added to the cart right now.');

/**
 * A cart call whose answer is the whole cart: on to `next`, or the form again with why not; and the
 * service's answer, for what the page is told of it.
 */
async function changeCart(
  request: ActionRequest,
  action: string,
  call: ServiceRequest,
  next: string,
): Promise<{ outcome: ActionResult; answer: ServiceAnswer | null }> {
  const answer = await request.service(call).catch(() => null);
  if (answer?.status === 200) return { outcome: { redirect: next, cookies: cookiesSetBy(answer) }, answer };
  const status = answer && answer.status < 500 ? 422 : 503;
  return { outcome: showAgain(request, action, refusalOf(answer), status), answer };
}

/** Why the checkout service did not change the cart: its own word, or that it could not be reached. */
function refusalOf(answer: ServiceAnswer | null): FormMessage {
  const problem = answer ? problemOf(answer) : null;
  return problem ? errorMessage(problem.title, problem.detail) : unavailable;
}

/**
 * Spec section 8's word for an addition: the product page's ('{n}x {name} ({dose}) added to your cart',
 * asked for with `wording=product-page`), or every other page's.
 */
function addedMessage(wording: string | undefined, { name, variant, quantity }: AddedLine): FormMessage {
  return wording === 'product-page'
    ? {
        title: 'Added to cart',
        description: `${quantity}x ${name} (${variant}) added to your cart`,
        tone: 'success',
      }
    : {
        title: 'Added to Cart',
        description: `${name} - ${variant} has been added to your cart.`,
        tone: 'success',
      };
}

type AddedLine = { name: string; variant: string; quantity: number };

/**
 * Add to Cart (any page's card or purchase form): the product, dose and price list chosen, as many as
 * the form says; the checkout service takes its name, picture and price from the catalog. On to the
 * page with the cart open, or (the dedicated checkout's Add to Cart, spec section 2) the cart checkout,
 * which says what was added as a script would have (the toast, and the button's 'Added!').
 */
export const addToCart: ModuleAction = async (request) => {
  const { productId = '', dose = '', channel = '', quantity, then, wording } = request.fields;
  const line = { productId, variant: dose, channel, quantity: quantityFrom(quantity ?? null) };
  const result = await changeCart(
    request,
    ACTIONS.cartAdd,
    { method: 'POST', path: '/cart/lines', body: line },
    then === 'cart-checkout' ? '/cart-checkout' : withCartOpen(request.page),
  );
  const added = shopperCartSchema
    .safeParse(result.answer?.body)
    .data?.items.find(
      (item) => item.productId === productId && item.variant === dose && item.channel === channel,
    );
  if (!('redirect' in result.outcome) || !added) return result.outcome;
  const message = addedMessage(wording, {
    name: added.name,
    variant: added.variant,
    quantity: line.quantity,
  });
  return {
    ...result.outcome,
    flash: { action: ACTIONS.cartAdd, values: { productId, dose, channel }, outcome: 'added', message },
  };
};

/**
 * The cart panel's form where no script runs (see cart-lines-form): each line whose quantity the shopper
 * changed (typed, stepped with − or +, or taken out with Remove; 0 takes a line out, spec section 5) is
 * changed, in turn; then on to the cart checkout when Proceed sent it, else back to the open panel. A
 * change refused goes back to the open panel, the changes before it made, with why as its toast (the
 * panel is the page's, so it is told as a script would tell it).
 */
export const changeCartLines: ModuleAction = async (request) => {
  const panel = withCartOpen(request.page);
  const next = request.fields[THEN_FIELD] === THEN_CHECKOUT ? '/cart-checkout' : panel;
  let cookies: string[] = [];
  for (const [lineId, quantity] of cartLineChanges(request.fields)) {
    const path = `/cart/lines/${encodeURIComponent(lineId)}`;
    const answer = await request.service({ method: 'PATCH', path, body: { quantity } }).catch(() => null);
    if (answer?.status !== 200) {
      const values = { ...request.fields };
      const flash = { action: ACTIONS.cartLines, values, outcome: 'refused', message: refusalOf(answer) };
      return { redirect: panel, cookies, flash };
    }
    cookies = cookiesSetBy(answer);
  }
  return { redirect: next, cookies };
};
