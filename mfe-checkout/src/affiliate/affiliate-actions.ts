import { AFFILIATE_MESSAGES } from './affiliate-messages';
import { normalizeAffiliateCode } from '@storefront/commerce';
import {
  errorMessage,
  pageAddress,
  showAgain,
  type ActionRequest,
  type FormMessage,
  type ModuleAction,
  type RouteLoader,
} from '@storefront/routing/server-module';
import { ACTIONS } from '../actions';
import { withCartOpen } from '../cart/cart-actions';
import { backToOrderForm } from '../order/order-page';
import { appliedCodeOf, codeCookie, invalidCode, lookUp } from './affiliate-service';
import { AFFILIATE_URL_PARAMETERS } from './affiliate-cookie';

/** Where the code was applied from: the cart panel's page keeps its panel open. */
const backTo = (request: ActionRequest) =>
  request.fields.inCartPanel === 'yes' ? withCartOpen(request.page) : pageAddress(request.page);

/** Whether the code comes with a checkout's order form (its Apply belongs to it), whose typed fields are kept. */
const withOrderForm = (request: ActionRequest) => Object.hasOwn(request.fields, 'checkout');

/**
 * The affiliate code's Apply (spec sections 4, 5): blank is refused without a lookup; a code the
 * checkout service knows is kept and the page shows its discount; any other is 'Invalid Code'. On a
 * checkout, the page comes back with everything typed into its order form, and the spec's toast.
 */
export const applyAffiliateCode: ModuleAction = async (request) => {
  const looked = await lookUp(
    request.service,
    normalizeAffiliateCode(request.fields.code ?? ''),
    request.secure,
  );
  if (withOrderForm(request)) {
    if ('refused' in looked) return backToOrderForm(request, looked.refused);
    const applied: FormMessage = { ...AFFILIATE_MESSAGES.checkoutApplied, tone: 'success' };
    const { code: _code, ...fields } = request.fields;
    return backToOrderForm({ ...request, fields }, applied, looked.cookies);
  }
  if ('refused' in looked) return showAgain(request, ACTIONS.affiliate, looked.refused);
  return { redirect: backTo(request), cookies: looked.cookies };
};

/** The applied code's remove button (on a checkout, what was typed into its order form kept). */
export const removeAffiliateCode: ModuleAction = async (request) => {
  const cookies = [codeCookie('', request)];
  return withOrderForm(request)
    ? backToOrderForm(request, undefined, cookies)
    : { redirect: backTo(request), cookies };
};

/**
 * An affiliate's link, /ref/{code} (spec section 2): the code is applied as the page is asked for, so
 * the link works with no script, and the page says how it went: the spec's result, or the service's
 * word when it refused.
 */
export const followReferralLink: RouteLoader = async (request) => {
  const code = normalizeAffiliateCode(request.params.code ?? '');
  // The link counts as followed (a click for its affiliate) only when a person navigated to it.
  const looked = await lookUp(request.service, code, request.secure, request.navigation);
  const values = { code };
  if ('cookies' in looked) {
    const message: FormMessage = { ...AFFILIATE_MESSAGES.referralApplied, tone: 'success' };
    return {
      echo: { action: ACTIONS.affiliate, values, outcome: 'applied', message },
      status: 200,
      cookies: looked.cookies,
    };
  }
  const { title, description } = AFFILIATE_MESSAGES.referralFailed;
  const message = looked.refused === invalidCode ? errorMessage(title, description) : looked.refused;
  return { echo: { action: ACTIONS.affiliate, values, outcome: 'failed', message }, status: 200 };
};

/**
 * A checkout's address with an affiliate code (`?ref=`, `?affiliate=`, `?aff=`; spec section 4), where
 * no script applies it: applied as the page is asked for, as the page's script would (`ref` only while
 * no code is applied, the others in its place), and the page shown again at its address without the
 * code, saying how it went. With scripts the same happens before the page is drawn.
 */
export const applyCheckoutAddressCode: RouteLoader = async (request) => {
  const query = new URLSearchParams(request.page.search);
  const active = appliedCodeOf(request.cookies);
  const code = AFFILIATE_URL_PARAMETERS.map((name) => ({
    name,
    code: normalizeAffiliateCode(query.get(name) ?? ''),
  })).find(({ code }) => code !== '');
  for (const name of AFFILIATE_URL_PARAMETERS) query.delete(name);
  const rest = query.toString();
  const redirect = `${request.page.pathname}${rest ? `?${rest}` : ''}`;
  if (!code || code.code === active || (code.name === 'ref' && active)) return { redirect };
  const looked = await lookUp(request.service, code.code, request.secure);
  const values = { code: code.code };
  const message: FormMessage =
    'cookies' in looked ? { ...AFFILIATE_MESSAGES.checkoutApplied, tone: 'success' } : looked.refused;
  return {
    redirect,
    cookies: 'cookies' in looked ? looked.cookies : [],
    flash: {
      action: ACTIONS.affiliate,
      values,
      outcome: 'cookies' in looked ? 'applied' : 'failed',
      message,
    },
  };
};
