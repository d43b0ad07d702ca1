import { useRef, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/** What the browser renders in place of a part the server rendered: nothing, so it keeps the server's. */
const NOTHING = { __html: '' };

/**
 * A part of the page that never changes in the browser (a footer, a policy's text, a section of plain
 * copy): the server renders it, and the hydrating browser keeps the server's HTML as it is instead of
 * rendering and comparing it (React leaves an element with dangerouslySetInnerHTML alone as it
 * hydrates), so it costs nothing to hydrate. Where it is first rendered in the browser (a page reached
 * by a link), it renders as usual. A click on a link inside it is handed to `onLinkClick` (the router),
 * so the site's links stay in the page.
 */
export function StaticHtml({
  children,
  className,
  onLinkClick,
}: {
  children: ReactNode;
  className?: string;
  onLinkClick?(href: string): void;
}) {
  const hydrating = !useHydrated();
  const keptFromServer = useRef(hydrating);
  const followLink = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest?.('a[href]');
    const href = link?.getAttribute('href');
    if (!onLinkClick || !href?.startsWith('/') || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link?.getAttribute('target')) return;
    event.preventDefault();
    onLinkClick(href);
  };
  return keptFromServer.current && typeof window !== 'undefined' ? (
    <div
      className={className}
      onClick={followLink}
      suppressHydrationWarning
      dangerouslySetInnerHTML={NOTHING}
    />
  ) : (
    <div className={className} onClick={followLink}>
      {children}
    </div>
  );
}
