import { AFFILIATE_MESSAGES } from './affiliate-messages';
import { normalizeAffiliateCode } from '@storefront/commerce';
import {
  cookiesSetBy,
  errorMessage,
  pageCookie,
  problemOf,
  type ActionRequest,
  type FormMessage,
  type ModuleService,
} from '@storefront/routing/server-module';
import { AFFILIATE_CODE_COOKIE, AFFILIATE_COOKIE_MAX_AGE_SECONDS } from './affiliate-cookie';

/** The code the visitor applied (its cookie), as the service looks codes up; undefined when none. */
export function appliedCodeOf(cookies: ReadonlyMap<string, string>): string | undefined {
  try {
    return normalizeAffiliateCode(decodeURIComponent(cookies.get(AFFILIATE_CODE_COOKIE) ?? '')) || undefined;
  } catch {
    return undefined;
  }
}

export const invalidCode = errorMessage(
  AFFILIATE_MESSAGES.invalid.title,
  AFFILIATE_MESSAGES.invalid.description,
);

/** The cookie that keeps an applied code (beside the spec's storage keys, which the page's script keeps). */
export const codeCookie = (code: string, { secure }: Pick<ActionRequest, 'secure'>) =>
  pageCookie(AFFILIATE_CODE_COOKIE, code, {
    maxAgeSeconds: code ? AFFILIATE_COOKIE_MAX_AGE_SECONDS : 0,
    secure,
  });

/**
 * Looks a code up with the checkout service, as the shopper (their lookup limit counts): the cookies that
 * keep a code it knows (and, for a followed /ref link, the link), or why it cannot be applied: 'Invalid Code', or the service's own word when it
 * is asked too often.
 */
export async function lookUp(
  service: ModuleService,
  code: string,
  secure: boolean,
  followed = false,
): Promise<{ cookies: string[] } | { refused: FormMessage }> {
  if (!code) return { refused: invalidCode };
  const body = followed ? { code, followed } : { code };
  const answer = await service({ method: 'POST', path: '/affiliates/lookup', body });
  // A followed link's answer also sets the service's own referral cookie (ADR 0019): passed on as set.
  if (answer.status === 200) return { cookies: [codeCookie(code, { secure }), ...cookiesSetBy(answer)] };
  const problem = answer.status === 429 ? problemOf(answer) : null;
  return { refused: problem ? errorMessage(problem.title, problem.detail) : invalidCode };
}
