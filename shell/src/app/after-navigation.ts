import { useLocation } from '@storefront/routing';
import { useLayoutEffect, useRef } from 'react';

/**
 * Runs `effect` after each navigation in the browser to another path, never for the page the visitor
 * arrived at (the server rendered it as it stands). A layout effect: what it changes (the scroll, the
 * tab's title) is in place before the new page paints.
 */
export function useAfterNavigation(effect: (pathname: string) => void): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    effect(pathname);
  });
}
