/**
 * The applied affiliate code as a cookie beside the spec's storage keys (affiliate_code,
 * affiliate_data), so the server prices a cart and an order sent without scripts with it too.
 */
export const AFFILIATE_CODE_COOKIE = 'affiliate_code';
export const AFFILIATE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Spec section 4: the URL parameters that carry an affiliate code, in order of precedence. */
export const AFFILIATE_URL_PARAMETERS = ['ref', 'affiliate', 'aff'] as const;
