import { AFFILIATE_URL_PARAMETERS, type FollowAffiliateLink } from '@storefront/bus';
import type { ExposedModuleContracts } from '../federation-contracts';

/** Loads the checkout module's `affiliate-links` (the shell's federation loader). */
export type LoadAffiliateLinks = () => Promise<ExposedModuleContracts['checkout/affiliate-links']>;

export const carriesAffiliateCode = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return AFFILIATE_URL_PARAMETERS.some((name) => Boolean(params.get(name)?.trim()));
};

/**
 * Spec section 4: a code in the URL applies on any page. The affiliate is the checkout module's (its
 * lookup, its store, its messages), so the shell only hands it each address that carries a code,
 * loading its `affiliate-links` the first time one does. Visitors who never follow a link never
 * download it. If it cannot be loaded, the page goes on without the discount and the next such
 * address tries again.
 */
export function affiliateLinkFollower(load: LoadAffiliateLinks): FollowAffiliateLink {
  let links: ReturnType<LoadAffiliateLinks> | null = null;
  return (location) => {
    if (!carriesAffiliateCode(location.search)) return;
    links ??= load();
    links
      .then((module) => module.default(location))
      .catch((error: unknown) => {
        links = null;
        console.error('Affiliate links are unavailable right now', error);
      });
  };
}
