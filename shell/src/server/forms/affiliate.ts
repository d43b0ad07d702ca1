import { AFFILIATE_CODE_COOKIE, AFFILIATE_COOKIE_MAX_AGE_SECONDS } from '@storefront/bus';
import { AFFILIATE_MESSAGES, normalizeAffiliateCode } from '@storefront/commerce';
import { pageCookie } from '../cookies';
import type { FormMessage } from '@storefront/ui';
import {
  errorMessage,
  pageAddress,
  problemOf,
  showAgain,
  withCartOpen,
  type FormContext,
  type FormHandler,
} from './form-kit';

const invalidCode = errorMessage(AFFILIATE_MESSAGES.invalid.title, AFFILIATE_MESSAGES.invalid.description);

/** Where the code was applied from: the cart panel's page keeps its panel open. */
const backTo = (context: Parameters<FormHandler>[0]) =>
  context.fields.inCartPanel === 'yes' ? withCartOpen(context.page) : pageAddress(context.page);

/**
 * Looks a code up with the checkout service: the cookie that keeps a code it knows (beside the spec's
 * storage keys), or why it cannot be applied: 'Invalid Code', or the service's own word when it is
 * asked too often.
 */
async function lookUp(
  context: FormContext,
  code: string,
): Promise<{ cookie: string } | { refused: FormMessage }> {
  if (!code) return { refused: invalidCode };
  const answer = await context.services.call('checkout', {
    method: 'POST',
    path: '/affiliates/lookup',
    body: { code },
    shopper: context.shopper,
  });
  if (answer.status === 200) {
    const maxAgeSeconds = AFFILIATE_COOKIE_MAX_AGE_SECONDS;
    return { cookie: pageCookie(AFFILIATE_CODE_COOKIE, code, { maxAgeSeconds, secure: context.secure }) };
  }
  const problem = answer.status === 429 ? problemOf(answer) : null;
  return { refused: problem ? errorMessage(problem.title, problem.detail) : invalidCode };
}

/**
 * The affiliate code's Apply (spec sections 4, 5): blank is refused without a lookup; a code the
 * checkout service knows is kept and the page shows its discount; any other is 'Invalid Code'.
 */
export const applyAffiliateCode: FormHandler = async (context) => {
  const looked = await lookUp(context, normalizeAffiliateCode(context.fields.code ?? ''));
  if ('refused' in looked) return showAgain(context, 'affiliate', looked.refused);
  return { redirect: backTo(context), cookies: [looked.cookie] };
};

/**
 * An affiliate's link, /ref/{code} (spec section 2): the code is applied here, so the link works with
 * no script, and the page says how it went: the spec's result, or the service's word when it refused.
 */
export const followReferralLink: FormHandler = async (context) => {
  const code = normalizeAffiliateCode(context.fields.code ?? '');
  const looked = await lookUp(context, code);
  const values = { code };
  if ('cookie' in looked) {
    const message: FormMessage = { ...AFFILIATE_MESSAGES.referralApplied, tone: 'success' };
    return {
      echo: { action: 'affiliate', values, outcome: 'applied', message },
      status: 200,
      cookies: [looked.cookie],
    };
  }
  const { title, description } = AFFILIATE_MESSAGES.referralFailed;
  const message = looked.refused === invalidCode ? errorMessage(title, description) : looked.refused;
  return { echo: { action: 'affiliate', values, outcome: 'failed', message }, status: 200 };
};

/** The applied code's remove button. */
export const removeAffiliateCode: FormHandler = async (context) => ({
  redirect: backTo(context),
  cookies: [pageCookie(AFFILIATE_CODE_COOKIE, '', { maxAgeSeconds: 0, secure: context.secure })],
});
