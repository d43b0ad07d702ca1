import { RETURN_PARAMETER } from '@storefront/commerce/account';

/**
 * Where signing in returns to: the page that sent the researcher to sign in (`/auth?next=/account`),
 * when it is a path of this site, else the home page. Never another site (`//evil.example`, a scheme),
 * never the sign-in pages themselves.
 */
export function returnPathOf(search: string): string {
  const next = new URLSearchParams(search).get(RETURN_PARAMETER) ?? '';
  const local = /^\/(?![/\\])[^\s\\]{0,500}$/.test(next);
  return local && !/^\/auth(?:[/?#]|$)/.test(next) ? next : '/';
}
