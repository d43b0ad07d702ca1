import { routeTable } from '@storefront/artifact-store/registry';
import { shellOwnedStores } from '@storefront/bus';
import { BrowserRouter, matchPage, setDocumentShopName } from '@storefront/routing';
import { installRemoteLoader, reportRemoteRenderErrors } from '@storefront/ui';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ExposedModuleContracts as Contracts } from '../federation-contracts';
import { PAGE_STATE_ID, type PageState } from '../page-state';
import { reportModuleError } from './module-errors';
import { bindAgeVerification } from './age-verification';
import { App } from './App';
import { bindCartPanel } from './cart-panel';
import { createRemoteLoader } from './federation/remote-loader';
import { wakeBindings } from './module-bindings';

const page = JSON.parse(document.getElementById(PAGE_STATE_ID)!.textContent!) as PageState;
shellOwnedStores.runtimeConfig.set(page.config);
setDocumentShopName(page.config.shopName);
const loader = createRemoteLoader(page.registry);
installRemoteLoader(loader);
// A module's failure anywhere in the page is counted against its release (the shell's /__errors).
reportRemoteRenderErrors((error) => reportModuleError(error, 'render'));
window.addEventListener('error', (event) => reportModuleError(event.error ?? event.filename, 'error'));
window.addEventListener('unhandledrejection', (event) =>
  reportModuleError(event.reason, 'unhandled-rejection'),
);
shellOwnedStores.searchQuery.set(page.visitor.searchQuery);
bindAgeVerification();
bindCartPanel(page.visitor.cartPanelOpen);
const navigated = wakeBindings({
  registry: page.registry,
  config: page.config,
  seeds: page.visitor.seeds,
  wokenByServer: page.visitor.wake,
  loadBinding: (remote, exposed) => loader.loadModule<Contracts['binding']['default']>(remote, exposed),
});

const routes = routeTable(page.registry);
const app = (
  <App
    registry={page.registry}
    responses={page.responses}
    visitor={page.visitor}
    echo={page.echo}
    Router={BrowserRouter}
    onNavigate={navigated}
  />
);
const container = document.getElementById('root')!;

/**
 * A preload that failed answers the next request for its URL with the same failure, without asking the
 * network again: the region's Try again would fail once for nothing. A script element takes each of the
 * module's preloads (a failed one errors at once; one that arrived only registers its chunk), so a
 * retry goes to the network.
 */
function releasePreloads(remote: string) {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][as="script"]`)) {
    if (!link.href.includes(`/remotes/${remote}/`)) continue;
    const script = document.createElement('script');
    script.src = link.href;
    script.onload = script.onerror = () => script.remove();
    document.head.appendChild(script);
  }
}

/**
 * The page's own module (its files were announced in the HTML, so they are on their way) is loaded
 * before hydrating, and the page hydrates in one pass, in slices that leave the main thread free
 * between them. If it cannot be loaded, its region loads it again and says so if that fails too.
 */
async function hydrate() {
  const match = matchPage(routes, window.location.pathname);
  if (match?.route.render === 'server') {
    await loader
      .load(match.route.remote, match.route.exposed, false)
      .catch(() => releasePreloads(match.route.remote));
  }
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

if (page.rendered) void hydrate();
else createRoot(container).render(app);
