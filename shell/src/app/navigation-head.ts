import { applyDocumentHead, matchPage, type ModuleRoute } from '@storefront/routing';
import { useAfterNavigation } from './after-navigation';

/** The head the server gives an unknown path, and the browser after navigating to one. */
export const NOT_FOUND_HEAD = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
};

/**
 * After a navigation in the browser, the tab says the new page's declared title and description. A
 * page that knows more once its data arrives (a product's name) says so itself, later (useDocumentHead).
 */
export function useHeadOnNavigation(routes: ModuleRoute[]) {
  // The server wrote the first page's head.
  useAfterNavigation((pathname) => {
    applyDocumentHead(matchPage(routes, pathname)?.route.head ?? NOT_FOUND_HEAD);
  });
}
