/** How this service's cookies (the cart's, the referral's) are set. */
export interface CookieSettings {
  /** Sent only over HTTPS when the site is served so (SITE_URL). */
  secure: boolean;
  /** What signs the cookies a browser must not write itself (the referral's): the service key. */
  signingKey: string;
}
