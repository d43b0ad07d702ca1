import { useEffect, type RefObject } from 'react';

/**
 * While `open`, Escape anywhere on the page closes (`close`) and gives focus back to the control that
 * opened it, so a keyboard user is never left on a control that disappeared.
 */
export function useEscapeToClose(open: boolean, close: () => void, opener: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      opener.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, close, opener]);
}
