import { catalogueSchema, homeProductsSchema, salesChannelSchema } from '@storefront/commerce';
import { ageCookie } from './age';
import {
  cookiesOf,
  errorMessage,
  problemOf,
  quantityOf,
  showAgain,
  withCartOpen,
  type FormContext,
  type FormHandler,
  type FormResult,
} from './form-kit';

interface Shown {
  name: string;
  image: string;
  price: number;
}

/**
 * The name, picture and price the shopper saw for a product and dose on its price list's page, as the
 * catalog gives them (a form carries only what was chosen, never a price).
 */
async function shownOnPage(context: FormContext, productId: string, dose: string, channel: string) {
  const get = (path: string) =>
    context.services.call('catalog', { method: 'GET', path, shopper: context.shopper });
  if (channel === 'storefront') {
    const answer = homeProductsSchema.safeParse((await get('/home-products')).body);
    const product = answer.success ? answer.data.products.find((p) => p.id === productId) : undefined;
    const option = product?.doses.find((d) => d.dose === dose);
    return product && option ? { name: product.name, image: option.image, price: option.price } : null;
  }
  if (channel === 'catalogue') {
    const answer = catalogueSchema.safeParse((await get('/catalogue')).body);
    const product = answer.success ? answer.data.products.find((p) => p.id === productId) : undefined;
    return product && product.dose === dose
      ? { name: product.name, image: product.image, price: product.price }
      : null;
  }
  return null;
}

/**
 * Where a purchase needs the age question answered first (the product page, spec section 4): the
 * page again with the question, whose YES sends the same form on with the answer.
 */
function ageAnswerNeeded(context: FormContext, action: 'cart-add' | 'buy-now'): FormResult | null {
  const { ageGate, ageConfirmed } = context.fields;
  if (ageGate !== 'required' || context.clues.ageVerified || ageConfirmed === 'yes') return null;
  return showAgain(context, action, undefined, 200, 'age-required');
}

const ageAnswered = (context: FormContext) =>
  context.fields.ageConfirmed === 'yes' ? [ageCookie(context.secure)] : [];

const unavailable = errorMessage('Not available', 'This product cannot be added to the cart right now.');

/** Add to Cart: the line added to the shopper's cart, and the page with the cart open. */
export const addToCart: FormHandler = async (context) => {
  const waiting = ageAnswerNeeded(context, 'cart-add');
  if (waiting) return waiting;
  const { productId = '', dose = '', channel = '' } = context.fields;
  if (!salesChannelSchema.safeParse(channel).success) return showAgain(context, 'cart-add', unavailable, 400);
  let shown: Shown | null;
  try {
    shown = await shownOnPage(context, productId, dose, channel);
  } catch {
    shown = null;
  }
  if (!shown) return showAgain(context, 'cart-add', unavailable, 422);
  const answer = await context.services.call('checkout', {
    method: 'POST',
    path: '/cart/lines',
    body: { productId, variant: dose, channel, quantity: quantityOf(context.fields.quantity), ...shown },
    shopper: context.shopper,
  });
  if (answer.status !== 200) {
    const problem = problemOf(answer);
    return showAgain(
      context,
      'cart-add',
      problem ? errorMessage(problem.title, problem.detail) : unavailable,
      422,
    );
  }
  // The dedicated checkout's Add to Cart goes on to the cart checkout (spec section 2).
  const next = context.fields.then === 'cart-checkout' ? '/cart-checkout' : withCartOpen(context.page);
  return { redirect: next, cookies: [...cookiesOf(answer), ...ageAnswered(context)] };
};

const CHECKOUT_PATH = /^\/checkout\/[a-z0-9-]{1,60}$/;

/**
 * Buy Now: to the checkout for what was chosen. From a product page, the generic checkout (spec:
 * /checkout?peptideId={id}&quantity={n}); from a home card, its product's checkout with the dose.
 */
export const buyNow: FormHandler = async (context) => {
  const waiting = ageAnswerNeeded(context, 'buy-now');
  if (waiting) return waiting;
  const { productId = '', dose = '', checkoutPath = '' } = context.fields;
  const quantity = quantityOf(context.fields.quantity);
  const redirect = CHECKOUT_PATH.test(checkoutPath)
    ? `${checkoutPath}?dosage=${encodeURIComponent(dose)}&quantity=${quantity}`
    : `/checkout?peptideId=${encodeURIComponent(productId)}&quantity=${quantity}`;
  return { redirect, cookies: ageAnswered(context) };
};

/** A cart line changed from the panel shown without scripts: its quantity, or taken out. */
async function changeLine(context: FormContext, method: 'PATCH' | 'DELETE'): Promise<FormResult> {
  const lineId = context.fields.lineId ?? '';
  const answer = await context.services.call('checkout', {
    method,
    path: `/cart/lines/${encodeURIComponent(lineId)}`,
    // The panel's − never goes below 1 (spec section 5); Remove takes the line out.
    body: method === 'PATCH' ? { quantity: quantityOf(context.fields.quantity) } : undefined,
    shopper: context.shopper,
  });
  if (answer.status !== 200) {
    const problem = problemOf(answer);
    return showAgain(
      context,
      'cart-quantity',
      problem ? errorMessage(problem.title, problem.detail) : undefined,
    );
  }
  return { redirect: withCartOpen(context.page) };
}

export const setLineQuantity: FormHandler = (context) => changeLine(context, 'PATCH');
export const removeLine: FormHandler = (context) => changeLine(context, 'DELETE');
