import { CART_PANEL_PARAMETER } from '@storefront/bus';
import { STEP_FIELD } from '@storefront/ui';
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
  const problem = answer ? problemOf(answer) : null;
  const message = problem ? errorMessage(problem.title, problem.detail) : unavailable;
  return { outcome: showAgain(request, action, message, answer && answer.status < 500 ? 422 : 503), answer };
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

const lineAddress = (request: ActionRequest) =>
  `/cart/lines/${encodeURIComponent(request.fields.lineId ?? '')}`;

/**
 * A line's quantity in the panel shown without scripts: the one − or + stepped to (the panel's − never
 * goes below 1), else the one typed and sent with Update or Enter (0 takes the line out, spec section 5).
 * Anything else leaves the line as it was.
 */
export const setLineQuantity: ModuleAction = async (request) => {
  const { fields } = request;
  const wanted = Number(Object.hasOwn(fields, STEP_FIELD) ? fields[STEP_FIELD] : fields.quantity);
  if (!Number.isSafeInteger(wanted) || wanted < 0) return { redirect: withCartOpen(request.page) };
  const changed = await changeCart(
    request,
    ACTIONS.cartQuantity,
    { method: 'PATCH', path: lineAddress(request), body: { quantity: wanted } },
    withCartOpen(request.page),
  );
  return changed.outcome;
};

/** Remove: the line taken out. */
export const removeLine: ModuleAction = async (request) =>
  (
    await changeCart(
      request,
      ACTIONS.cartRemove,
      { method: 'DELETE', path: lineAddress(request) },
      withCartOpen(request.page),
    )
  ).outcome;
