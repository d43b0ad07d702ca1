import { bus, stores, type FollowAffiliateLink } from '@storefront/bus';
import { affiliateCodeInUrl, startAffiliateBinding } from './affiliate-binding';

/**
 * Exposed as `affiliate-links`: the shell calls it for every address carrying an affiliate parameter
 * (spec section 4, on any page), and the code is applied here, where the affiliate is kept.
 */
const followAffiliateLink: FollowAffiliateLink = ({ pathname, search }) => {
  startAffiliateBinding();
  const code = affiliateCodeInUrl(search, pathname, stores.affiliate.get());
  if (code) bus.publish('affiliate/apply', { code, source: 'link' });
};

export default followAffiliateLink;
