// The router the page shares. Every module imports it from here, never from react-router-dom itself:
// this package is a federation singleton, so the page has one router, and only the parts the
// storefront uses are shipped (a shared react-router-dom would ship all of it, unshaken).
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
export type { Location } from 'react-router-dom';

export * from './declarations';
export * from './data-urls';
export * from './routes';
export * from './page-head';
export * from './go-back';
export * from './address';
