import { theme } from '@storefront/ui';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { SiteLinksProvider, type SiteLinks } from './layout/site-links';

/** The links the live account and affiliate modules place in the header (their manifests'), as a page would have them. */
export const ACCOUNT_LINKS: SiteLinks = {
  signIn: { href: '/auth', label: 'Sign In' },
  signUp: { href: '/auth?tab=sign-up', label: 'Create Account' },
  signOut: { href: '/', label: 'Sign Out', action: 'account/sign-out' },
  footer: [],
  accountMenu: [{ href: '/affiliate', label: 'Affiliate Program' }],
};

const inShell = (ui: ReactElement, route: string) => (
  <ThemeProvider theme={theme}>
    <SiteLinksProvider value={ACCOUNT_LINKS}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </SiteLinksProvider>
  </ThemeProvider>
);

/** Renders shell UI with its theme and a router at `route`. */
export function renderInShell(ui: ReactElement, route = '/') {
  return render(inShell(ui, route));
}

/**
 * Renders shell UI to HTML as the server does, lets `before` act on that page as a shopper would
 * before its script has run (typing, ticking, opening), then hydrates it.
 */
export async function hydrateInShell(ui: ReactElement, before: (page: HTMLElement) => void, route = '/') {
  const page = document.createElement('div');
  page.innerHTML = renderToString(inShell(ui, route));
  document.body.appendChild(page);
  before(page);
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    // Testing Library hydrates the server's HTML in place, and cleans it up after the test.
    rendered = render(inShell(ui, route), { container: page, hydrate: true });
  });
  return rendered;
}
