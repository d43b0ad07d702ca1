import { bus, stores, useStore } from '@storefront/bus';
import { affiliateCodeInUrl } from './affiliate-binding';
import { GlobalStyle, RemoteErrorBoundary, RemoteRegion, theme } from '@storefront/ui';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';
import { AgeGate } from './AgeGate';
import { CartPanelHost } from './CartPanelHost';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { NotFoundPage } from './pages/NotFoundPage';
import { remoteRoutes } from './routing/route-table';
import { Toaster } from './Toaster';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus {
    left: 1rem;
    top: 1rem;
    z-index: 1000;
    padding: 0.5rem 1rem;
    background: #fff;
  }
`;

function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Block body on purpose: scrollTo returns a Promise in current Chrome, and an effect must not return one.
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** A code in the URL (?ref=, ?affiliate=, ?aff=) on any page is applied, as spec section 4 orders. */
function useAffiliateLinks() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const code = affiliateCodeInUrl(search, pathname, stores.affiliate.get());
    if (code) bus.publish('affiliate/apply', { code, source: 'link' });
  }, [pathname, search]);
}

function SiteLayout() {
  const config = useStore(stores.runtimeConfig);
  const ageVerified = useStore(stores.ageVerified);
  const { pathname } = useLocation();
  useScrollToTopOnNavigation();
  useAffiliateLinks();
  const ageGateOpen = pathname === '/' && !ageVerified;
  const cartOpen = useStore(stores.cartPanelOpen);

  return (
    <>
      <Page inert={ageGateOpen || cartOpen} data-age-gate-open={ageGateOpen}>
        <SkipLink href="#main-content">Skip to content</SkipLink>
        <Header shopName={config?.shopName ?? 'Helix Research'} />
        <div id="main-content">
          <Routes>
            {remoteRoutes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                // A region per route: a failure shown on one route must not follow the shopper to the next.
                element={
                  <RemoteRegion
                    key={route.path}
                    remote={route.remote}
                    exposed={route.exposed}
                    label={route.label}
                  />
                }
              />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </div>
        <Footer config={config} />
      </Page>
      {ageGateOpen && <AgeGate />}
      {!ageGateOpen && <CartPanelHost />}
      <Toaster />
    </>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {/* Last resort: a fault in the shell itself still leaves a message and a way back, never a blank page. */}
      <RemoteErrorBoundary
        label="store"
        hint="Please reload the page."
        onRetry={() => window.location.reload()}
      >
        <BrowserRouter>
          <SiteLayout />
        </BrowserRouter>
      </RemoteErrorBoundary>
    </ThemeProvider>
  );
}
