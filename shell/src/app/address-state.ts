import { CART_PANEL_PARAMETER, SEARCH_PARAMETER } from '@storefront/bus';

/** What a page's address says of the shell's own state: the search typed, and whether the cart is open. */
export function addressState(search: string): { searchQuery: string; cartPanelOpen: boolean } {
  const params = new URLSearchParams(search);
  return {
    searchQuery: params.get(SEARCH_PARAMETER) ?? '',
    cartPanelOpen: params.get(CART_PANEL_PARAMETER) === 'open',
  };
}
