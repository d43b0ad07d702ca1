import type { FollowAffiliateLink, StartAuthSession } from '@storefront/bus';
import type { ExposedComponent } from '@storefront/ui';
import type { ServerPageModule } from './render/server-loader';

/**
 * What the shell expects of each module it loads from a remote, by kind and, where one module has a
 * job of its own, by `remote/exposed` name. The shell's loaders are typed with it, and a deploy checks a
 * remote's published federated types against it (delivery/src/federated-types.ts): a module that no
 * longer fits is refused before it goes live, rather than failing in shoppers' browsers.
 */
export interface ExposedModuleContracts {
  /** A route's module (named by its routes): the page, and how its head is written from its data. */
  page: ServerPageModule;
  /** Any other exposed component: a fragment shown inside another page (the cart panel, the newsletter). */
  fragment: ExposedComponent;
  'account/session': { default: StartAuthSession };
  'checkout/affiliate-links': { default: FollowAffiliateLink };
}

type NamedContract = Exclude<keyof ExposedModuleContracts, 'page' | 'fragment'>;
const NAMED_CONTRACTS: Record<NamedContract, true> = {
  'account/session': true,
  'checkout/affiliate-links': true,
};

/** The contract a remote's exposed module is held to. */
export function contractOf(
  remote: string,
  exposed: string,
  routedModules: readonly string[],
): keyof ExposedModuleContracts {
  const named = `${remote}/${exposed}`;
  if (named in NAMED_CONTRACTS) return named as NamedContract;
  return routedModules.includes(exposed) ? 'page' : 'fragment';
}
