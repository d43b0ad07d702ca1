import { createRoot } from 'react-dom/client';

// The floor: the least a React page can be. The storefront's pages are measured beside it.
createRoot(document.getElementById('root')!).render(<h1>Research-Grade Lyophilized Peptides</h1>);
