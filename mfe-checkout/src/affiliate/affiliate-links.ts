import { bus, stores, type ModuleBinding } from '@storefront/bus';
import { affiliateCodeInUrl, startAffiliateBinding } from './affiliate-binding';

/** Applies the code an address carries (spec section 4, on any page), where the affiliate is kept. */
function followAffiliateLink({ pathname, search }: { pathname: string; search: string }) {
  const code = affiliateCodeInUrl(search, pathname, stores.affiliate.get());
  if (code) bus.publish('affiliate/apply', { code, source: 'link' });
}

/**
 * Exposed as `affiliate-links`, a binding the shell wakes for the first address carrying an affiliate
 * parameter (the manifest's `parameters`) and tells of every address after it.
 */
const startAffiliateLinks: ModuleBinding = () => {
  startAffiliateBinding();
  followAffiliateLink(window.location);
  return { navigated: followAffiliateLink };
};

export default startAffiliateLinks;
