import { linksAt, type PublicRegistry } from '@storefront/artifact-store/registry';
import { createContext, useContext } from 'react';

export interface SiteLink {
  href: string;
  label: string;
  /** The module's action the link posts, as a form names it (Sign Out). */
  action?: string;
}

/**
 * The links the live modules place in the shell's layout: the footer's, the signed-in researcher's
 * account menu's, and where signing in and up are.
 */
export interface SiteLinks {
  signIn: SiteLink | null;
  signUp: SiteLink | null;
  signOut: SiteLink | null;
  footer: SiteLink[];
  accountMenu: SiteLink[];
}

export function siteLinksOf(registry: PublicRegistry): SiteLinks {
  return {
    signIn: linksAt(registry, 'header-sign-in')[0] ?? null,
    signUp: linksAt(registry, 'header-sign-up')[0] ?? null,
    signOut: linksAt(registry, 'header-sign-out')[0] ?? null,
    footer: linksAt(registry, 'footer'),
    accountMenu: linksAt(registry, 'account-menu'),
  };
}

const SiteLinksContext = createContext<SiteLinks>({
  signIn: null,
  signUp: null,
  signOut: null,
  footer: [],
  accountMenu: [],
});

/** The layout's links, from the registry the page was rendered with. */
export const SiteLinksProvider = SiteLinksContext.Provider;
export const useSiteLinks = () => useContext(SiteLinksContext);
