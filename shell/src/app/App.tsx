import { routeTable, slotFiller, type PublicRegistry } from '@storefront/artifact-store/registry';
import {
  bus,
  isStoreName,
  ServerValuesProvider,
  stores,
  useStore,
  type ServerValues,
  type Store,
  type ToastMessage,
} from '@storefront/bus';
import { Link, Route, Routes, useLocation, type ModuleRoute } from '@storefront/routing';
import { useAfterNavigation } from './after-navigation';
import {
  FormEchoProvider,
  GlobalStyle,
  NotFoundPage,
  PreloadedDataProvider,
  RemoteErrorBoundary,
  RemoteRegion,
  theme,
  type FormEcho,
  type PreloadedResponses,
} from '@storefront/ui';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { VisitorState } from '../page-state';
import styled, { ThemeProvider } from 'styled-components';
import { AgeGate } from './AgeGate';
import { CartPanelHost } from './CartPanelHost';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { siteLinksOf, SiteLinksProvider } from './layout/site-links';
import { useHeadOnNavigation } from './navigation-head';
import { Toaster } from './Toaster';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

/**
 * At least a screen tall, so the footer starts below the fold on every page: content that arrives
 * later (a page rendered in the browser, a region retried) never moves what the shopper sees.
 */
const Main = styled.div`
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
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const NO_RESPONSES: PreloadedResponses = {};

/** The toast a form the server completed with a redirect left for this page (its echo's message). */
const toastOf = ({ message }: FormEcho): ToastMessage | null =>
  message
    ? {
        title: message.title,
        description: message.description,
        variant:
          message.tone === 'error' ? 'destructive' : message.tone === 'success' ? 'success' : 'default',
      }
    : null;

/** Whether the shopper has left the page the server rendered (for a page rendered in the browser since). */
function useNavigatedAway(): boolean {
  const { key } = useLocation();
  const first = useRef(key);
  const navigated = useRef(false);
  if (key !== first.current) navigated.current = true;
  return navigated.current;
}

/**
 * The answers the page came with, and the form the server completed for it, hold for the page itself,
 * not for pages the shopper goes on to.
 */
function usePageResponses(responses: PreloadedResponses): PreloadedResponses {
  return useNavigatedAway() ? NO_RESPONSES : responses;
}

function PageEcho({ echo, children }: { echo: FormEcho | null; children: ReactNode }) {
  return <FormEchoProvider value={useNavigatedAway() ? null : echo}>{children}</FormEchoProvider>;
}

/** A new page starts at its top; the page arrived at keeps where the shopper scrolled while it loaded. */
function useScrollToTopOnNavigation() {
  useAfterNavigation(() => {
    // Block body on purpose: scrollTo returns a Promise in current Chrome, and an effect must not return one.
    window.scrollTo(0, 0);
  });
}

/**
 * The cart panel belongs to the page it was opened on: going to another page (the BPC-157 checkout's
 * Add to Cart goes on to /cart-checkout, say) closes it rather than leaving it over the new page. The
 * page the shopper arrived at is not a navigation: a panel the server rendered open (a cart button
 * tapped before the script ran) stays open when the page hydrates.
 */
function useCartPanelClosesOnNavigation() {
  const { pathname } = useLocation();
  const arrivedAt = useRef(pathname);
  useEffect(() => {
    if (pathname === arrivedAt.current) return;
    arrivedAt.current = '';
    if (stores.cartPanelOpen.get()) bus.publish('cart/close');
  }, [pathname]);
}

/** Each address the shopper arrives at, for the modules' bindings (an affiliate's code applies on any page). */
function useNavigationListener(onNavigate: AppProps['onNavigate']) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    onNavigate?.({ pathname, search });
  }, [onNavigate, pathname, search]);
}

/**
 * The page behind the age gate or the open cart panel is inert. Set on the element rather than
 * rendered, so the server's HTML, which cannot know the visitor's answer, never disagrees with it; set
 * in a layout effect, so the page is live again before a closing panel hands focus back to it.
 */
function useInert(inert: boolean) {
  const page = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (page.current) page.current.inert = inert;
  }, [inert]);
  return page;
}

/**
 * The route's page. Memoised: the shell's own state changing (the age answer, the cart panel) never
 * renders the page again, which right after hydrating would redo the whole page in one blocking pass.
 */
const PageRoutes = memo(function PageRoutes({
  routes,
  responses,
}: {
  routes: ModuleRoute[];
  responses: PreloadedResponses;
}) {
  const pageResponses = usePageResponses(responses);
  return (
    <PreloadedDataProvider value={pageResponses}>
      <Routes>
        {routes.map((route) => (
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
                render={route.render}
              />
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage link={Link} />} />
      </Routes>
    </PreloadedDataProvider>
  );
});

function SiteLayout({
  registry,
  responses,
  echo,
  onNavigate,
}: Pick<AppProps, 'registry' | 'responses' | 'echo' | 'onNavigate'>) {
  const config = useStore(stores.runtimeConfig);
  const ageVerified = useStore(stores.ageVerified);
  const cartOpen = useStore(stores.cartPanelOpen);
  const { pathname } = useLocation();
  const routes = useMemo(() => routeTable(registry), [registry]);
  const links = useMemo(() => siteLinksOf(registry), [registry]);
  const cartPanel = useMemo(() => slotFiller(registry, 'cart-panel'), [registry]);
  const [firstToast] = useState(() => (echo?.toast ? toastOf(echo) : null));
  useScrollToTopOnNavigation();
  useCartPanelClosesOnNavigation();
  useNavigationListener(onNavigate);
  useHeadOnNavigation(routes);
  const ageGateOpen = pathname === '/' && !ageVerified;
  const page = useInert(ageGateOpen || cartOpen);
  const [panelNotices, setPanelNotices] = useState<HTMLElement | null>(null);

  return (
    <SiteLinksProvider value={links}>
      <Page ref={page} data-age-gate-open={ageGateOpen}>
        <SkipLink href="#main-content">Skip to content</SkipLink>
        <Header shopName={config?.shopName ?? ''} />
        <Main id="main-content">
          <PageEcho echo={echo}>
            <PageRoutes routes={routes} responses={responses} />
          </PageEcho>
        </Main>
        <Footer config={config} />
      </Page>
      {ageGateOpen && <AgeGate />}
      {!ageGateOpen && cartPanel && (
        <CartPanelHost filler={cartPanel} notices={setPanelNotices} first={firstToast} />
      )}
      <Toaster panelSlot={panelNotices} first={firstToast} />
    </SiteLinksProvider>
  );
}

export interface AppProps {
  /** The live modules (the shopper's view of the registry): their pages, slots and links. */
  registry: PublicRegistry;
  /** The API answers the page was rendered with, by URL. */
  responses: PreloadedResponses;
  /** What the page was rendered with of its visitor and address (the request's, on the server). */
  visitor: VisitorState;
  /** The form the server completed for this page, if any. */
  echo: FormEcho | null;
  /** BrowserRouter in the browser; on the server, a StaticRouter at the request's location. */
  Router: ComponentType<{ children: ReactNode }>;
  /** In the browser, told of each address the shopper arrives at (the server runs no effects). */
  onNavigate?(location: { pathname: string; search: string }): void;
}

/**
 * Marks the page as hydrated (<html data-hydrated>): from here its forms are React's. Until then they
 * post to the shell's server, which completes them, and the early script keeps taps on what only a
 * script can do, for each such control to carry out as it hydrates (document.ts, keepsEarlyTap).
 */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
}

/**
 * The stores' values for this page's render, from its visitor (see ServerValuesProvider): the shell's
 * own, and what the modules said of the visitor for theirs (their seeds, by store name).
 */
function useRenderedValues(visitor: VisitorState): ServerValues {
  return useMemo(
    () =>
      new Map<Store<unknown>, unknown>([
        ...Object.entries(visitor.seeds).flatMap(([name, value]) =>
          isStoreName(name) ? [[stores[name] as Store<unknown>, value] as const] : [],
        ),
        [stores.ageVerified, visitor.ageVerified],
        [stores.searchQuery, visitor.searchQuery],
        [stores.cartPanelOpen, visitor.cartPanelOpen],
      ]),
    [visitor],
  );
}

export function App({ registry, responses, visitor, echo, Router, onNavigate }: AppProps) {
  useMarkHydrated();
  return (
    <ServerValuesProvider values={useRenderedValues(visitor)}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {/* Last resort: a fault in the shell itself still leaves a message and a way back, never a blank page. */}
        <RemoteErrorBoundary
          label="store"
          hint="Please reload the page."
          onRetry={() => window.location.reload()}
        >
          <Router>
            <SiteLayout registry={registry} responses={responses} echo={echo} onNavigate={onNavigate} />
          </Router>
        </RemoteErrorBoundary>
      </ThemeProvider>
    </ServerValuesProvider>
  );
}
