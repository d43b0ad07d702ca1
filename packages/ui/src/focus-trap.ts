import { useEffect, type RefObject } from 'react';

/** What keyboard focus can land on. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal element while it is mounted: focus moves in when it opens, Tab
 * and Shift+Tab wrap around its controls, Escape calls `onEscape`, and focus goes back to where it
 * was when it closes.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = container.current;
    (element?.querySelector<HTMLElement>(FOCUSABLE) ?? element)?.focus();
    return () => opener?.focus();
  }, [container]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = container.current;
      if (event.key === 'Escape') {
        onEscape?.();
        return;
      }
      if (event.key !== 'Tab' || !element) return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [first, last] = [focusable[0], focusable[focusable.length - 1]];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const inside = element.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container, onEscape]);
}
