import { installRemoteLoader } from '@storefront/ui';
import { createRoot } from 'react-dom/client';
import { bindAgeVerification } from './age-verification';
import { App } from './App';
import { bindCart } from './cart-persistence';
import { loadExposedComponent } from './federation/remote-loader';
import { loadRuntimeConfig } from './runtime-config';

installRemoteLoader(loadExposedComponent);
bindAgeVerification();
bindCart();
void loadRuntimeConfig();
createRoot(document.getElementById('root')!).render(<App />);
