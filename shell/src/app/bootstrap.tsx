import { installRemoteLoader } from '@storefront/ui';
import { createRoot } from 'react-dom/client';
import { bindAgeVerification } from './age-verification';
import { startAccountSession } from './account-session';
import { bindAffiliate } from './affiliate-binding';
import { App } from './App';
import { bindCart } from './cart-persistence';
import { bindCartPanel } from './cart-panel';
import { loadExposedComponent } from './federation/remote-loader';
import { loadRuntimeConfig } from './runtime-config';

installRemoteLoader(loadExposedComponent);
bindAgeVerification();
bindCart();
bindAffiliate();
bindCartPanel();
void loadRuntimeConfig().then(() => startAccountSession());
createRoot(document.getElementById('root')!).render(<App />);
