import { createRoot } from 'react-dom/client';
import { bindAgeVerification } from './age-verification';
import { App } from './App';
import { loadRuntimeConfig } from './runtime-config';

bindAgeVerification();
void loadRuntimeConfig();
createRoot(document.getElementById('root')!).render(<App />);
